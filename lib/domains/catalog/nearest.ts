/**
 * Nearest first without sorting every match: a near search in distance order
 * with more matches than COUNT_CAP used to compute and sort the distance of every
 * product within the radius (100,000 of them around a city at a million listings).
 *
 * With the GiST index of cube + earthdistance (lib/domains/geo/nearby.ts, `nearest`) the
 * page is found in two steps, both in one statement:
 *  1. reach: locations nearest first straight from the index (KNN, `<->`), joined to
 *     their products, until `skip + limit` matches; the largest distance among them;
 *  2. every match within that reach, sorted exactly as before (haversine distance, then
 *     newest), and the page cut from it.
 * Step 1 only bounds step 2: whatever order PostgreSQL gives it, the `skip + limit`
 * rows it found lie within the reach, so the true first `skip + limit` do too. The rows
 * and distances are therefore the ones the full sort gives; only the work differs.
 *
 * `bound` narrows step 1 the same way: the `skip + limit`-th distance among matches the
 * caller already holds (capped.ts's collected matches) is at least the true reach. It
 * keeps step 1 cheap when PostgreSQL reads the radius in bulk instead of nearest first
 * (it expects a box of the GiST index to hold a thousandth of the locations, and with a
 * category too few matches for the LIMIT to pay): "Eindhoven 15 km + Fietsen" then read
 * all 14,000 locations of the radius (docs/performance.md).
 * Without the index (a server without the extensions) the caller sorts every match.
 */
import { Prisma } from "@/lib/platform/db/client";
import { nearFilter, type LatLng } from "@/lib/domains/geo";

export function nearestPage(options: {
  /** Where the search measures from (search.ts's Origin); `earth`: the GiST index exists. */
  origin: LatLng & { radiusKm: number; earth?: boolean };
  /** Conditions on products `p`. */
  where: Prisma.Sql;
  /** ` AND <after the cursor>` over `p`, a row's distance being `distance` (./keyset.ts), or empty. */
  after: (distance?: Prisma.Sql) => Prisma.Sql;
  /** A one-time condition that must hold for the page to be read at all (capped.ts). */
  gate: Prisma.Sql;
  /** A distance (km) within which `skip + limit` matches lie, or NULL when unknown. */
  bound?: Prisma.Sql;
  limit: number;
  skip: number;
}): Prisma.Sql | null {
  const { origin, where, after, gate, limit, skip } = options;
  const near = nearFilter(origin, origin.radiusKm, { earth: origin.earth });
  if (!near.nearest) return null;
  const reach = Prisma.sql`(SELECT d FROM reach)`;
  const bound = Prisma.sql`(SELECT d FROM bound)`;
  return Prisma.sql`
    WITH bound AS MATERIALIZED (SELECT coalesce(${options.bound ?? Prisma.sql`NULL::float8`}, ${origin.radiusKm}::float8) AS d),
    reach AS MATERIALIZED (
      SELECT max(k.distance_km) AS d FROM (
        -- Flat, so that the planner weighs the index's order against the LIMIT.
        SELECT ${near.distanceKm} AS distance_km
        FROM locations l JOIN products p ON p.location_id = l.id
        WHERE ${gate} AND ${near.within} AND ${near.nearest.inBox(bound)} AND ${near.distanceKm} <= ${bound}
          AND (${where})${after(near.distanceKm)}
        ORDER BY ${near.nearest.order}
        LIMIT ${skip + limit}
      ) k
    )
    SELECT p.id, nl.distance_km
    FROM products p
    JOIN (SELECT l.id, ${near.distanceKm} AS distance_km FROM locations l
          WHERE ${near.nearest.inBox(reach)} AND ${near.distanceKm} <= ${origin.radiusKm}::float8
            AND ${near.distanceKm} <= ${reach}
          OFFSET 0) nl ON nl.id = p.location_id
    WHERE ${gate} AND (${where})${after()}
    ORDER BY nl.distance_km ASC, p.created_at DESC, p.id DESC
    LIMIT ${limit} OFFSET ${skip}`;
}

/**
 * The SQL of a search near a place (search.ts): the locations within the radius joined
 * as `nl`, or, when the radius is narrow enough for grid cells (lib/domains/geo/cells.ts)
 * and the search has words or a category, only the products in those cells, each
 * measured on its own (`rowDistance`, from the position it carries). Distances are always measured from the
 * approximate position (lib/domains/geo/nearby.ts), so a few searches from different
 * postcodes cannot triangulate a seller's address.
 */
import { Prisma } from "@/lib/platform/db/client";
import { cellsWithin, nearFilter, productDistanceKm } from "@/lib/domains/geo";

/** A point to measure from (search.ts's Origin). */
type Origin = { lat: number; lng: number; radiusKm: number; earth?: boolean };

/**
 * What the search near a place adds: `cells`, the conditions that narrow products `p` to
 * the grid cells of the radius (null: a wide radius, or nothing for the cells' indexes to
 * intersect with); `near`, else the locations within the radius to join as `nl`.
 */
export function nearParts(origin: Origin, words: boolean, category: boolean): { cells: Prisma.Sql | null; near: Prisma.Sql | null } {
  const cells = words || category ? cellsWithin(origin, origin.radiusKm) : null;
  if (!cells) return { cells: null, near: nearLocations(origin) };
  const conditions: Prisma.Sql[] = [];
  // Words: the cell sits beside them in their GIN indexes (migration product_geo_cell).
  if (words) conditions.push(Prisma.sql`p.geo_cell && ${cells}::int[]`);
  // A category: the index on (category_id, geo_cell[1]).
  if (category) conditions.push(Prisma.sql`p.geo_cell[1] = ANY(${cells}::int[])`);
  return { cells: Prisma.join(conditions, " AND "), near: null };
}

/**
 * Locations within the radius and their distance, computed once per location, not per
 * product: OFFSET 0 keeps PostgreSQL from flattening the subquery.
 */
function nearLocations(origin: Origin): Prisma.Sql {
  const near = nearFilter(origin, origin.radiusKm, { earth: origin.earth });
  return Prisma.sql`(SELECT l.id, ${near.distanceKm} AS distance_km FROM locations l WHERE ${near.within} OFFSET 0)`;
}

/** The distance of a product `p` from the origin, from the position it carries. */
export function rowDistance(origin: Origin): Prisma.Sql {
  return productDistanceKm(origin);
}

/** A product's distance from the origin, exactly as the above compute it (keyset pages). */
export function distanceOf(origin: Origin | null): ((productId: string) => Prisma.Sql) | undefined {
  if (!origin) return undefined;
  const { distanceKm } = nearFilter(origin, origin.radiusKm, { earth: origin.earth });
  return (productId) =>
    Prisma.sql`(SELECT ${distanceKm} FROM products k JOIN locations l ON l.id = k.location_id WHERE k.id = ${productId}::uuid)`;
}

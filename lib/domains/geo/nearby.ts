/**
 * Distance search for the catalogue (GET /api/products?near=…&radius_km=…): `near` (a
 * postcode or place) becomes a position, and products are filtered and ordered by their
 * distance from it.
 *
 * Distances are measured from each product's approximate position (lib/domains/geo/privacy.ts),
 * never from the exact pickup spot: otherwise a few searches from different postcodes
 * would triangulate a seller's address.
 */
import { db, Prisma } from "@/lib/platform/db/client";
import type { LatLng } from "./bounds";
import { boundingBox, EARTH_RADIUS_KM } from "./distance";
import { APPROXIMATE_DECIMALS } from "./privacy";
import { MAX_RADIUS_KM } from "./schemas";
import { lookupAddress } from "./service";

/** Rounding moves a position by at most half a step of the grid. */
const ROUNDING_SLACK_DEGREES = 0.5 * 10 ** -APPROXIMATE_DECIMALS;
const PAGE_MAX = 100;

export type NearPoint = LatLng & { label: string };

/**
 * `near` → the position the search is around, or null when it names nothing in the
 * Netherlands. Goes through the geocoder and its cache; a geocoder outage is a 503.
 */
export async function resolveNear(near: string): Promise<NearPoint | null> {
  const query = near.trim();
  if (!query) return null;
  const result = await lookupAddress(query);
  return result ? { lat: result.lat, lng: result.lng, label: result.formattedAddress } : null;
}

/** The GiST index of migration earth_gist, on the approximate position (two decimals). */
const EARTH_INDEX = "locations_approx_earth_idx";
let earthIndex: Promise<boolean> | null = null;

/**
 * Whether this database has cube + earthdistance and the GiST index over the
 * approximate positions (the migration creates them where it can). Asked once per
 * process; without them near searches use the bounding box on (lat, lng).
 */
export function hasEarthIndex(): Promise<boolean> {
  earthIndex ??= db
    .$queryRaw<{ present: boolean }[]>`SELECT EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = ${EARTH_INDEX}) AS present`
    .then((rows) => rows[0]?.present === true)
    .catch((error: unknown) => {
      earthIndex = null;
      throw error;
    });
  return earthIndex;
}

/** Forgets what hasEarthIndex found (tests that drop or create the index). */
export function resetEarthIndexCache(): void {
  earthIndex = null;
}

/** The haversine distance in kilometres from `center` to the point (`lat`, `lng`) in SQL. */
function haversineKm(center: LatLng, lat: Prisma.Sql, lng: Prisma.Sql): Prisma.Sql {
  const centerLat = Prisma.sql`${center.lat}::float8`;
  const centerLng = Prisma.sql`${center.lng}::float8`;
  // least(1, …) keeps rounding noise from pushing asin out of its domain.
  return Prisma.sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    power(sin(radians(${lat} - ${centerLat}) / 2), 2)
    + cos(radians(${centerLat})) * cos(radians(${lat})) * power(sin(radians(${lng} - ${centerLng}) / 2), 2)
  ))))`;
}

/**
 * A product `p`'s distance from `center`, exactly as `nearFilter`'s `distanceKm` measures
 * its location: from the approximate position the product carries (migration
 * product_position, kept by triggers), so no lookup of its location per row.
 */
export function productDistanceKm(center: LatLng): Prisma.Sql {
  if (APPROXIMATE_DECIMALS !== 2) {
    // The stored position is rounded to two decimals; any other rounding reads the location.
    return Prisma.sql`(SELECT ${nearFilter(center, 0).distanceKm} FROM locations l WHERE l.id = p.location_id)`;
  }
  return haversineKm(center, Prisma.sql`p.approx_lat`, Prisma.sql`p.approx_lng`);
}

/**
 * SQL pieces over `locations l` for queries that combine distance with other filters:
 * `distanceKm` is the haversine distance in kilometres from `center` to the location's
 * approximate position; `within` holds for locations at most `radiusKm` away, with a
 * first test an index can answer: with `earth` (hasEarthIndex) the GiST index's
 * earth_box, otherwise a bounding box on the (lat, lng) index. Either way the haversine
 * test decides, so both give the same rows and distances.
 */
export function nearFilter(
  center: LatLng,
  radiusKm: number,
  options: { earth?: boolean } = {},
): NearFilter {
  const factor = 10 ** APPROXIMATE_DECIMALS;
  const lat = Prisma.sql`(round(l.lat * ${factor}::float8) / ${factor}::float8)`;
  const lng = Prisma.sql`(round(l.lng * ${factor}::float8) / ${factor}::float8)`;
  const centerLat = Prisma.sql`${center.lat}::float8`;
  const centerLng = Prisma.sql`${center.lng}::float8`;
  const distanceKm = haversineKm(center, lat, lng);
  if (options.earth && APPROXIMATE_DECIMALS === 2) {
    // The expression of the index, literally (a bind parameter would not match it). The
    // box is in earthdistance's units: metres on a sphere of earth() metres, a little
    // larger than ours, so the radius is scaled to the same angle (plus a metre).
    const position = Prisma.raw("ll_to_earth(round(l.lat * 100) / 100, round(l.lng * 100) / 100)");
    const origin = Prisma.sql`ll_to_earth(${centerLat}, ${centerLng})`;
    const inBox = (km: Prisma.Sql) =>
      Prisma.sql`earth_box(${origin}, ${km} / ${EARTH_RADIUS_KM}::float8 * earth() + 1) @> ${position}`;
    const within = Prisma.sql`(${inBox(Prisma.sql`${radiusKm}::float8`)} AND ${distanceKm} <= ${radiusKm}::float8)`;
    // The straight-line distance through the earth grows with the great-circle distance:
    // the same order, up to rounding noise, straight from the index (KNN).
    return { distanceKm, within, nearest: { order: Prisma.sql`${position} <-> ${origin}`, inBox } };
  }
  const box = boundingBox(center, radiusKm);
  const within = Prisma.sql`(
    l.lat BETWEEN ${box.minLat - ROUNDING_SLACK_DEGREES}::float8 AND ${box.maxLat + ROUNDING_SLACK_DEGREES}::float8
    AND l.lng BETWEEN ${box.minLng - ROUNDING_SLACK_DEGREES}::float8 AND ${box.maxLng + ROUNDING_SLACK_DEGREES}::float8
    AND ${distanceKm} <= ${radiusKm}::float8
  )`;
  return { distanceKm, within };
}

/**
 * `nearest` (with the GiST index only): `order`, an ORDER BY the index answers nearest
 * first, for locations `l`; `inBox(km)`, the index's box test for a radius computed in
 * SQL. Neither decides a distance: that stays `distanceKm`, the haversine.
 */
export type NearFilter = {
  distanceKm: Prisma.Sql;
  within: Prisma.Sql;
  nearest?: { order: Prisma.Sql; inBox: (km: Prisma.Sql) => Prisma.Sql };
};

export type NearbyProduct = { productId: string; distanceKm: number };

/** Available products within `radiusKm` of the point, nearest first. */
export async function productsNear(options: {
  lat: number;
  lng: number;
  radiusKm: number;
  limit?: number;
  offset?: number;
}): Promise<NearbyProduct[]> {
  const radiusKm = Math.min(Math.max(options.radiusKm, 0), MAX_RADIUS_KM);
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 50), 1), PAGE_MAX);
  const offset = Math.max(Math.trunc(options.offset ?? 0), 0);
  const { distanceKm, within } = nearFilter({ lat: options.lat, lng: options.lng }, radiusKm, { earth: await hasEarthIndex() });
  const rows = await db.$queryRaw<{ product_id: string; distance_km: number }[]>`
    SELECT p.id::text AS product_id, ${distanceKm} AS distance_km
    FROM products p
    JOIN locations l ON l.id = p.location_id
    WHERE p.status = 'available' AND p.deleted_at IS NULL AND p.hidden_at IS NULL AND ${within}
    ORDER BY distance_km, p.created_at DESC, p.id
    LIMIT ${limit} OFFSET ${offset}`;
  return rows.map((row) => ({ productId: row.product_id, distanceKm: Number(row.distance_km) }));
}

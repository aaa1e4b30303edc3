/** Distances on the earth as a sphere: precise to about 0.5 %, plenty for "near me". */
import type { LatLng } from "./bounds";

export const EARTH_RADIUS_KM = 6371;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** Great-circle distance in kilometres (haversine formula). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  // Rounding can push h a hair above 1 for antipodal points; asin would return NaN.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, h)));
}

export type BoundingBox = { minLat: number; maxLat: number; minLng: number; maxLng: number };

/**
 * The smallest latitude/longitude box that contains every point within `radiusKm` of
 * `center`: a cheap, indexable prefilter before the exact haversine test. The longitude
 * half-width is asin(sin(d) / cos(lat)) for the angular radius d (J. P. Matuschek,
 * "Finding points within a distance of a latitude/longitude using bounding coordinates").
 * Boxes are not wrapped at the antimeridian; the Netherlands is far from it.
 */
export function boundingBox(center: LatLng, radiusKm: number): BoundingBox {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const dLat = toDegrees(angular);
  const minLat = center.lat - dLat;
  const maxLat = center.lat + dLat;
  if (minLat <= -90 || maxLat >= 90) {
    // The circle contains a pole: every longitude is in range.
    return { minLat: Math.max(-90, minLat), maxLat: Math.min(90, maxLat), minLng: -180, maxLng: 180 };
  }
  const dLng = toDegrees(Math.asin(Math.min(1, Math.sin(angular) / Math.cos(toRadians(center.lat)))));
  return { minLat, maxLat, minLng: center.lng - dLng, maxLng: center.lng + dLng };
}

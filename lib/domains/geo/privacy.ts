/**
 * Pickup address privacy (docs/payments.md): before payment everyone sees only the
 * place and an approximate map position, never the exact spot.
 *
 * The approximate position is the exact one rounded to 2 decimals: a fixed grid cell of
 * about 1.1 km (north-south) by 0.7 km (east-west). Rounding, unlike random jitter,
 * gives the same answer every time, so repeated looks cannot be averaged back to the
 * spot. Distances in search results are measured from this position too (lib/domains/geo/
 * nearby.ts), so they cannot be used to triangulate it either.
 */
import type { LatLng } from "./bounds";

export const APPROXIMATE_DECIMALS = 2;

/**
 * Radius of the circle drawn around the approximate position. Rounding moves a point at
 * most 0.005° in each direction, about 560 m north-south and 350 m east-west at Dutch
 * latitudes, so at most about 660 m: a 1 km circle always contains the real spot.
 */
export const APPROXIMATE_RADIUS_M = 1000;

const factor = 10 ** APPROXIMATE_DECIMALS;

export function approximatePosition(lat: number, lng: number): LatLng {
  return { lat: Math.round(lat * factor) / factor, lng: Math.round(lng * factor) / factor };
}

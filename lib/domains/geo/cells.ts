/**
 * Grid cells of a tenth of a degree (about 11 × 7 km in the Netherlands) over the
 * approximate positions that distances are measured from (./privacy.ts). Every product
 * carries its pickup location's cell (`products.geo_cell`, kept by the place triggers,
 * migration product_geo_cell) in the same GIN indexes as its words, so that "stoel
 * within 20 km of Rotterdam" is the intersection of two lists inside one index instead
 * of every chair in the country, or every listing within the radius, read from the
 * table (0.4 to 1.1 s at a million listings without them). The cells only narrow the
 * search; the haversine distance decides, as everywhere else.
 */
import type { LatLng } from "./bounds";
import { boundingBox } from "./distance";

/** Cells per degree: a tenth of a degree. */
const PER_DEGREE = 10;
/** Past this many cells (a radius of about 35 km) the cells narrow too little to pay. */
export const CELLS_MAX = 100;

/**
 * The cell of a position, as the migration computes it in SQL from the approximate
 * position (two decimals): floor(round(lat * 100) / 10) * 1000 + floor(round(lng * 100) / 10).
 */
export function cellOf(position: LatLng): number {
  return Math.floor(Math.round(position.lat * 100) / 10) * 1000 + Math.floor(Math.round(position.lng * 100) / 10);
}

/**
 * Every cell that holds an approximate position within `radiusKm` of `center`, or null
 * when there are more than CELLS_MAX (a wide radius: search without the cells).
 */
export function cellsWithin(center: LatLng, radiusKm: number): number[] | null {
  const box = boundingBox(center, radiusKm);
  // A hair wider than the box: an approximate position on its very edge stays in.
  const epsilon = 1e-9;
  const rows = [Math.floor(box.minLat * PER_DEGREE - epsilon), Math.floor(box.maxLat * PER_DEGREE + epsilon)] as const;
  const columns = [Math.floor(box.minLng * PER_DEGREE - epsilon), Math.floor(box.maxLng * PER_DEGREE + epsilon)] as const;
  const count = (rows[1] - rows[0] + 1) * (columns[1] - columns[0] + 1);
  // (Cells are numbered row * 1000 + column: positive longitudes under 100, as in the Netherlands.)
  if (count > CELLS_MAX || columns[0] < 0 || columns[1] >= 1000) return null;
  const cells: number[] = [];
  for (let row = rows[0]; row <= rows[1]; row++) {
    for (let column = columns[0]; column <= columns[1]; column++) cells.push(row * 1000 + column);
  }
  return cells;
}

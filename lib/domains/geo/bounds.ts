/**
 * The Netherlands as the product sees it (docs/catalog.md) and the map constants
 * of docs/catalog.md. Pure data: safe to import from client components.
 */

export type LatLng = { lat: number; lng: number };

/**
 * Pickup locations must fall inside this box (the database enforces it too, CHECK
 * locations_in_netherlands). The box also covers slices of Belgium and Germany, so it is
 * a necessary condition, not a sufficient one: providers also check the country.
 */
export const NL_BOUNDS = { minLat: 50.75, maxLat: 53.7, minLng: 3.2, maxLng: 7.25 } as const;

export function isInNetherlands(lat: number, lng: number): boolean {
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    lat >= NL_BOUNDS.minLat &&
    lat <= NL_BOUNDS.maxLat &&
    lng >= NL_BOUNDS.minLng &&
    lng <= NL_BOUNDS.maxLng
  );
}

/** Where maps open when there is nothing to show yet. */
export const DEFAULT_MAP_CENTER: LatLng = { lat: 52.1326, lng: 5.2913 };
export const PICKER_ZOOM = 12;
export const PRODUCTS_MAP_ZOOM = 8;
export const MAP_HEIGHT_PX = 400;

/**
 * Map settings of the components. The map constants of docs/catalog.md (centre, zooms, height)
 * and the privacy radius come from lib/domains/geo, shared with the geocoder; the rest is how the
 * maps behave. Client-safe: no server settings here.
 */
import { DEFAULT_MAP_CENTER } from "@/lib/domains/geo/client";

export { MAP_HEIGHT_PX, PICKER_ZOOM, PRODUCTS_MAP_ZOOM } from "@/lib/domains/geo/client";
export { APPROXIMATE_RADIUS_M } from "@/lib/domains/geo/client";

/** The middle of the Netherlands: 52.1326, 5.2913. */
export const DEFAULT_CENTER = DEFAULT_MAP_CENTER;

/** Zoom after a search or "use my location" found a spot: street level. */
export const FOUND_ZOOM = 15;
/** The products map never zooms in further than this when fitting its markers. */
export const FIT_MAX_ZOOM = 13;
/** Item map: zoom that shows the whole approximate area, and the exact spot. */
export const ITEM_AREA_ZOOM = 13;
export const ITEM_EXACT_ZOOM = 15;

/** PDOK BRT-Achtergrondkaart (Kadaster): free, keyless WMTS tiles in web mercator. */
export const PDOK_TILE_URL =
  "https://service.pdok.nl/brt/achtergrondkaart/wmts/v2_0/standaard/EPSG:3857/{z}/{x}/{y}.png";
/** The tiles' credit, in the page's language (`maps.credit`: "Kaartgegevens", "Map data"); HTML for Leaflet. */
export function pdokAttribution(credit: string): string {
  const text = credit.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `${text} &copy; <a href="https://www.kadaster.nl" target="_blank" rel="noopener noreferrer">Kadaster</a>`;
}
export const PDOK_MAX_ZOOM = 19;
/** BRT-Achtergrondkaart has no tiles for the whole world below this level. */
export const PDOK_MIN_ZOOM = 6;

/** Google Maps counts as failed when its script has not loaded within this time. */
export const GOOGLE_LOAD_TIMEOUT_MS = 8000;

/** Type-ahead: wait this long after the last keystroke, and only from this many characters. */
export const SUGGEST_DEBOUNCE_MS = 250;
export const SUGGEST_MIN_CHARS = 2;

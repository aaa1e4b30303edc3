/** The geo domain: the only way in for code outside it (client code uses ./client). */
export { DEFAULT_MAP_CENTER, MAP_HEIGHT_PX, PICKER_ZOOM, PRODUCTS_MAP_ZOOM } from "./bounds";
export type { LatLng } from "./bounds";
export { geoJobs } from "./jobs";
export { cellsWithin } from "./cells";
export { hasEarthIndex, nearFilter, productDistanceKm, resolveNear } from "./nearby";
export { formatPostcode, parsePostcode } from "./postcode";
export { APPROXIMATE_RADIUS_M, approximatePosition } from "./privacy";
export { geocodeSchema, reverseGeocodeSchema, suggestQuerySchema } from "./schemas";
export { geocodeAddress, lookupAddress, reverseGeocode, suggestPlaces } from "./service";

/** The geo domain: the only way in for code outside it (client code uses ./client). */
export type { LatLng } from "./bounds";
export { geoJobs } from "./jobs";
export { cellsWithin } from "./cells";
export { hasEarthIndex, nearFilter, productDistanceKm, resolveNear } from "./nearby";
export { formatPostcode, parsePostcode } from "./postcode";
export { approximatePosition } from "./privacy";
export { geocodeSchema, postalAddressQuerySchema, reverseGeocodeSchema, suggestQuerySchema } from "./schemas";
export { findPostalAddress, geocodeAddress, lookupAddress, lookupPostalAddress, reverseGeocode, suggestPlaces } from "./service";
export { geoOperations } from "./openapi";
export type { SuggestionsJson } from "./responses";

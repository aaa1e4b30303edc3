/** What client components may use of the geo domain: nothing that needs the server. */
export { DEFAULT_MAP_CENTER, MAP_HEIGHT_PX, PICKER_ZOOM, PRODUCTS_MAP_ZOOM } from "./bounds";
export type { LatLng } from "./bounds";
export { APPROXIMATE_RADIUS_M, approximatePosition } from "./privacy";
export { formatPostcode, normalizePostcode } from "./postcode";
export type { PostalAddressAnswer } from "./service";

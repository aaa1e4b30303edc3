/**
 * The product search's limits and sorts. Their own module, so that
 * the browse page's client code (through browse-params.ts) does not carry the listing
 * messages of limits.ts, which re-exports these for everyone else.
 */
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 100;
export const RADIUS_KM_DEFAULT = 10;
export const RADIUS_KM_MAX = 250;
export const SORTS = ["newest", "price_asc", "price_desc", "distance"] as const;
export type Sort = (typeof SORTS)[number];

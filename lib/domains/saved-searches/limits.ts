/**
 * Saved-search limits, messages and filter keys.
 * No zod here: client components import these without carrying the schemas.
 */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 80;
/** At most one notification per saved search per hour. */
export const SAVED_SEARCH_NOTIFY_EVERY_MS = 60 * 60 * 1000;

export const SAVED_SEARCH_MESSAGES = {
  empty: "Choose at least one filter to save a search",
  tooMany: `You can save at most ${SAVED_SEARCHES_MAX} searches`,
  notFound: "Saved search not found",
} as const;

/** The filters a saved search keeps (the browse page's URL keys, without sort and paging). */
export const SAVED_FILTER_KEYS = ["search", "category", "min_price", "max_price", "location", "near", "radius_km", "delivery", "condition"] as const;
export type SavedFilters = Partial<Record<(typeof SAVED_FILTER_KEYS)[number], string>>;

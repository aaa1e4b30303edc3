/** The saved-searches domain: the only way in for code outside it (client code uses ./client). */
export { savedSearchesJobs } from "./jobs";
export { SAVED_FILTER_KEYS, SAVED_SEARCHES_MAX } from "./limits";
export { savedSearchInputSchema } from "./schemas";
export { createSavedSearch, deleteSavedSearch, listSavedSearches, markSavedSearchOpened } from "./service";
export type { SavedSearchJson } from "./service";

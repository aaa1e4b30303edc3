/** What client components may use of the saved-searches domain: nothing that needs the server. */
export { SAVED_FILTER_KEYS, SAVED_SEARCHES_MAX } from "./limits";
export type { SavedSearchJson } from "./service";

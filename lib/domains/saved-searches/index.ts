/** The saved-searches domain: the only way in for code outside it (client code uses ./client). */
export { savedSearchesJobs } from "./jobs";
export { savedSearchInputSchema } from "./schemas";
export { createSavedSearch, deleteSavedSearch, listSavedSearches, markSavedSearchOpened } from "./service";
export { savedSearchesOperations } from "./openapi";

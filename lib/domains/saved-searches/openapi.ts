/**
 * The saved-searches operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import type { TaggedOperations } from "@/lib/platform/api/openapi";

export const savedSearchesOperations: TaggedOperations = {
  tag: "saved-searches",
  description: "Saved searches and their new matches",
  operations: [
    { method: "GET", path: "/api/saved-searches", summary: "The caller's saved searches with new matches" },
    { method: "POST", path: "/api/saved-searches", summary: "Save the current browse filters (201 when new, 200 when the same filters were saved before)", status: 201, extra: [{ status: 200, description: "The same filters were saved before: that search" }], errors: [409] },
    { method: "DELETE", path: "/api/saved-searches/{id}", summary: "Delete a saved search", errors: [404] },
    { method: "POST", path: "/api/saved-searches/{id}/opened", summary: "Mark a saved search's results seen", errors: [404] },
  ],
};

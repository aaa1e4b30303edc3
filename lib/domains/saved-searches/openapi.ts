/**
 * The saved-searches operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import { z } from "zod";
import type { TaggedOperations } from "@/lib/platform/api/openapi";
import { savedSearchDeletedJson, savedSearchJson } from "./responses";

export const savedSearchesOperations: TaggedOperations = {
  tag: "saved-searches",
  description: "Saved searches and their new matches",
  operations: [
    { method: "GET", path: "/api/saved-searches", summary: "The caller's saved searches with new matches", response: z.array(savedSearchJson) },
    { method: "POST", path: "/api/saved-searches", summary: "Save the current browse filters (201 when new, 200 when the same filters were saved before)", response: savedSearchJson, status: 201, extra: [{ status: 200, description: "The same filters were saved before: that search" }], errors: [409] },
    { method: "DELETE", path: "/api/saved-searches/{id}", summary: "Delete a saved search", response: savedSearchDeletedJson, errors: [404] },
    { method: "POST", path: "/api/saved-searches/{id}/opened", summary: "Mark a saved search's results seen", response: savedSearchJson, errors: [404] },
  ],
};

/**
 * The account-data operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import type { TaggedOperations } from "@/lib/platform/api/openapi";
import { exportJson } from "./responses";

export const accountDataOperations: TaggedOperations = {
  tag: "account-data",
  description: "The user's data export",
  operations: [
    { method: "GET", path: "/api/users/me/export", summary: "All the user's data as one JSON download (10 an hour)", response: exportJson, errors: [429] },
  ],
};

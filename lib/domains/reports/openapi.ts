/**
 * The reports operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import { z } from "zod";
import type { TaggedOperations } from "@/lib/platform/api/openapi";
import { adminReportJson, reportJson } from "./responses";

export const reportsOperations: TaggedOperations = {
  tag: "reports",
  description: "Reports of illegal content and the moderation queue",
  operations: [
    { method: "GET", path: "/api/admin/reports", summary: "The notice-and-action queue (at most 200; open ones oldest first)", response: z.array(adminReportJson) },
    { method: "POST", path: "/api/admin/reports/{id}/decide", summary: "Decide a report: dismiss, remove or ban", response: reportJson, errors: [400, 404, 409] },
    { method: "POST", path: "/api/reports", summary: "Report a listing, a user or a message (a message only signed in)", response: reportJson, errors: [400, 401, 404, 409, 429] },
  ],
};

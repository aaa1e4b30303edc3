/**
 * The statements operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import { z } from "zod";
import type { TaggedOperations } from "@/lib/platform/api/openapi";
import { adminAppealJson, appealJson, statementWithAppealsJson, transparencyJson } from "./responses";

export const statementsOperations: TaggedOperations = {
  tag: "statements",
  description: "Statements of reasons, complaints (appeals) and transparency figures",
  operations: [
    { method: "GET", path: "/api/admin/appeals", summary: "The queue of complaints (at most 200; open ones first, oldest first)", response: z.array(adminAppealJson) },
    { method: "POST", path: "/api/admin/appeals/{id}/decide", summary: "Decide a complaint: uphold or reverse", response: appealJson, errors: [404, 409] },
    { method: "GET", path: "/api/admin/transparency", summary: "The transparency figures, as JSON or CSV", response: transparencyJson, extra: [{ status: 200, description: "The figures; ?format=csv gives text/csv", contentType: "text/csv" }] },
    { method: "POST", path: "/api/appeals", summary: "File a complaint against a statement of reasons (signed in, or with the mailed token)", response: appealJson, errors: [400, 401, 403, 404, 409, 429] },
    { method: "GET", path: "/api/transparency", summary: "The public transparency figures of a half year", response: transparencyJson },
    { method: "GET", path: "/api/users/me/statements", summary: "The caller's statements of reasons and their complaints (newest first, at most 100)", response: z.array(statementWithAppealsJson) },
  ],
};

/**
 * The support operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import { z } from "zod";
import type { TaggedOperations } from "@/lib/platform/api/openapi";
import { replyJson, ticketJson, ticketWithRepliesJson } from "./responses";

export const supportOperations: TaggedOperations = {
  tag: "support",
  description: "Support tickets",
  operations: [
    { method: "GET", path: "/api/admin/tickets", summary: "Every ticket, newest first", response: z.array(ticketJson) },
    { method: "POST", path: "/api/admin/tickets/{id}/reply", summary: "Reply to a ticket as staff", response: z.object({ message: z.string(), reply: replyJson }), errors: [404, 409] },
    { method: "PUT", path: "/api/admin/tickets/{id}/priority", summary: "Set a ticket's priority (staff only; a user's own choice is ignored)", response: z.object({ message: z.string(), ticket: ticketJson }), errors: [404] },
    { method: "PUT", path: "/api/admin/tickets/{id}/status", summary: "Set a ticket in progress or resolved", response: z.object({ message: z.string(), ticket: ticketJson }), errors: [404, 409] },
    { method: "GET", path: "/api/support/tickets", summary: "The caller's tickets", response: z.array(ticketJson) },
    { method: "POST", path: "/api/support/tickets", summary: "Open a ticket", response: ticketJson, errors: [429] },
    { method: "GET", path: "/api/support/tickets/{id}", summary: "A ticket with its replies", response: ticketWithRepliesJson, errors: [404] },
    { method: "POST", path: "/api/support/tickets/{id}/reply", summary: "Reply to one's own ticket", response: replyJson, errors: [404, 409] },
    { method: "PUT", path: "/api/support/tickets/{id}/status", summary: "Close one's own ticket", response: ticketJson, errors: [404, 409] },
  ],
};

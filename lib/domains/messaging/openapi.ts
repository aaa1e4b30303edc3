/**
 * The messaging operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import { z } from "zod";
import type { TaggedOperations } from "@/lib/platform/api/openapi";
import { conversationJson, messageJson } from "./responses";

export const messagingOperations: TaggedOperations = {
  tag: "messaging",
  description: "Conversations, messages and chat photos",
  operations: [
    { method: "POST", path: "/api/conversations", summary: "Start a conversation about a product (201 when new, 200 when it appends to the existing one)", response: conversationJson.extend({ conversation_id: z.string(), message: messageJson }), status: 201, extra: [{ status: 200, description: "Appended to the existing conversation" }], errors: [400, 404, 409, 429] },
    { method: "GET", path: "/api/conversations/{id}/messages", summary: "A conversation's messages, oldest first (marks them read)", response: z.array(messageJson), errors: [400, 404] },
    { method: "POST", path: "/api/conversations/{id}/messages", summary: "Send a message: ?content=, a JSON body {content}, or a multipart form with content and up to four photos in images", response: messageJson, errors: [400, 404, 409, 413, 422, 429] },
    { method: "GET", path: "/api/messages/conversations", summary: "The caller's conversations, latest activity first", response: z.array(conversationJson) },
    { method: "GET", path: "/api/messages/images/{id}", summary: "A chat photo (WebP)", response: null, extra: [{ status: 200, description: "The image", contentType: "image/webp" }], errors: [404] },
    { method: "GET", path: "/api/messages/unread-count", summary: "Conversations with unread messages", response: z.object({ unread_count: z.number().int() }) },
  ],
};

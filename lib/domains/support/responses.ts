/**
 * The JSON the support routes answer with, as zod output schemas: the serializers are
 * typed by them and the OpenAPI document shows them, so the two cannot drift.
 */
import { z } from "zod";
import { TICKET_STATUSES } from "./limits";

/** The order a ticket names, as its owner and staff see it beside the ticket. */
export const ticketOrderJson = z.object({
  id: z.string(),
  product_id: z.string(),
  product_title: z.string(),
  status: z.string().describe("The order's status"),
  owner_role: z.enum(["buyer", "seller"]).describe("The ticket owner's part in the order"),
});
export type TicketOrderJson = z.output<typeof ticketOrderJson>;

export const ticketJson = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  category: z.string(),
  priority: z.string(),
  status: z.enum(TICKET_STATUSES),
  order_id: z.string().nullable(),
  created_at: z.string().describe("ISO 8601"),
  updated_at: z.string().describe("ISO 8601"),
  user_name: z.string(),
  user_email: z.string(),
  reply_count: z.number().int().optional(),
  order: ticketOrderJson.nullable().optional().describe("With the support calls: the named order's summary, or null"),
});
export type TicketJson = z.output<typeof ticketJson>;

export const replyJson = z.object({ id: z.string(), message: z.string(), is_staff: z.boolean(), author_name: z.string(), created_at: z.string() });
export type ReplyJson = z.output<typeof replyJson>;

export const ticketWithRepliesJson = z.object({ ticket: ticketJson, replies: z.array(replyJson) });

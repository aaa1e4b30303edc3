/**
 * The JSON the messaging routes answer with, as zod output schemas: the serializers are
 * typed by them and the OpenAPI document shows them, so the two cannot drift.
 */
import { z } from "zod";

const iso = z.string().describe("ISO 8601");

/** A message the system wrote, as an event the apps can render themselves (docs/messaging.md). */
const messageEventJson = z
  .object({
    kind: z.string().describe("offer: an offer or a counter-offer"),
    data: z.record(z.string(), z.unknown()).describe("For offer: {offer_id, amount_cents, made_by}"),
  })
  .nullable()
  .describe("Null for a message a user wrote");

export const conversationJson = z.object({
  id: z.string(),
  product_id: z.string().nullable(),
  product_title: z.string().nullable(),
  product_image: z.string().nullable(),
  product_price: z.number().nullable().describe("Euros"),
  agreed_price: z.number().nullable().describe("Euros: an accepted offer that still holds"),
  other_user_id: z.string(),
  other_user_name: z.string(),
  other_user_image: z.string().nullable(),
  role: z.enum(["buyer", "seller"]).describe("The caller's part in the conversation"),
  unread_count: z.number().int(),
  product_status: z.enum(["available", "reserved", "sold"]).nullable().describe("Null when the product is deleted or hidden"),
  last_message: z.string().describe("A system message in the reader's language"),
  last_message_event: messageEventJson,
  last_message_at: iso,
});
export type ConversationJson = z.output<typeof conversationJson>;

const messageImageJson = z.object({ id: z.string(), url: z.string(), thumbnail_url: z.string(), width: z.number().int(), height: z.number().int() });

export const messageJson = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: z.string(),
  content: z.string().describe("A system message in the reader's language"),
  event: messageEventJson,
  created_at: iso,
  read_at: iso.nullable().describe("When the recipient read it"),
  warning: z.string().nullable().describe("A scam warning code for the recipient"),
  images: z.array(messageImageJson),
  offer: z
    .object({ id: z.string(), amount: z.number(), amount_cents: z.number().int(), status: z.string(), made_by: z.string(), expires_at: iso })
    .nullable(),
});
export type MessageJson = z.output<typeof messageJson>;

/** For admins deciding a dispute: what buyer and seller wrote about the order's product. */
export const disputeConversationJson = z.object({
  conversation_id: z.string().nullable().describe("Null when buyer and seller never wrote each other"),
  messages: z
    .array(
      z.object({
        id: z.string(),
        sender_role: z.enum(["buyer", "seller"]),
        sender_name: z.string(),
        content: z.string().describe("A system message in the admin's language"),
        warning: z.string().nullable().describe("The scam warning code the recipient saw"),
        images: z.array(messageImageJson),
        created_at: iso,
      }),
    )
    .describe("Oldest first, the last 200"),
});
export type DisputeMessageJson = z.output<typeof disputeConversationJson>["messages"][number];

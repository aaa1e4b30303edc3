/**
 * The JSON the offer routes answer with, as zod output schemas: the serializer is typed
 * by them and the OpenAPI document shows them, so the two cannot drift.
 */
import { z } from "zod";
import { OFFER_STATUSES } from "./states";

export const offerJson = z.object({
  id: z.string(),
  conversation_id: z.string(),
  product_id: z.string(),
  buyer_id: z.string(),
  seller_id: z.string(),
  made_by: z.string().describe("buyer or seller"),
  amount: z.number().describe("Euros"),
  amount_cents: z.number().int(),
  status: z.enum(OFFER_STATUSES),
  expires_at: z.string().describe("ISO 8601"),
  created_at: z.string().describe("ISO 8601"),
  message_id: z.string().nullable().describe("The chat message that carries the offer"),
});
export type OfferJson = z.output<typeof offerJson>;

/** An answer to an offer: the offer now, and the one it answered when it was a counter. */
export const offerAnswerJson = offerJson.extend({ previous: offerJson.nullable() });

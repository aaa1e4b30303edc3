/**
 * The JSON the reviews routes answer with, as zod output schemas: the serializers are
 * typed by them and the OpenAPI document shows them, so the two cannot drift.
 */
import { z } from "zod";

export const reviewJson = z.object({
  id: z.string(),
  user_name: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  created_at: z.string().describe("ISO 8601"),
  verified_purchase: z.boolean(),
  seller_reply: z.object({ message: z.string(), created_at: z.string() }).nullable(),
  product_id: z.string(),
  product_title: z.string(),
  seller_id: z.string(),
});
export type ReviewJson = z.output<typeof reviewJson>;

export const ratingJson = z.object({ average_rating: z.number(), total_reviews: z.number().int() });
export const eligibilityJson = z.object({ can_review: z.boolean(), reason: z.string().nullable() });

/**
 * Review and reply input (a rating must be chosen, the comment is
 * optional and at most 500 characters). Pure and client-safe: the review form validates
 * with the same schemas. Messages are the API's English `detail` texts.
 */
import { z } from "zod";
import { REVIEW_COMMENT_MAX, REVIEW_REPLY_MAX, REVIEW_MESSAGES } from "./limits";


export const reviewInputSchema = z
  .object({
    rating: z
      .number({ error: REVIEW_MESSAGES.ratingRequired })
      .int(REVIEW_MESSAGES.ratingRequired)
      .min(1, REVIEW_MESSAGES.ratingRequired)
      .max(5, REVIEW_MESSAGES.ratingRequired),
    comment: z
      .string({ error: REVIEW_MESSAGES.commentTooLong })
      .trim()
      .max(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.commentTooLong)
      .nullish(),
  })
  .transform((input) => ({ rating: input.rating, comment: input.comment ? input.comment : null }));

export type ReviewInput = z.output<typeof reviewInputSchema>;

export const replyInputSchema = z.object({
  message: z
    .string({ error: REVIEW_MESSAGES.replyRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.replyRequired)
    .max(REVIEW_REPLY_MAX, REVIEW_MESSAGES.replyTooLong),
});

/** Why a user may or may not review a product (GET .../reviews/eligibility). */
export const ELIGIBILITY_REASONS = [
  "login_required",
  "own_product",
  "not_purchased",
  "not_received",
  "already_reviewed",
] as const;
export type EligibilityReason = (typeof ELIGIBILITY_REASONS)[number];

export * from "./limits";

/** The reviews domain: the only way in for code outside it (client code uses ./client). */
export { REVIEW_COMMENT_MAX, REVIEW_REPLY_MAX } from "./limits";
export { REVIEW_MESSAGES, replyInputSchema, reviewInputSchema } from "./schemas";
export type { EligibilityReason } from "./schemas";
export { listProductReviews, listSellerReviews, productRating, replyToReview, reviewEligibility, reviewSelect, serializeReview, submitReview } from "./service";
export type { ReviewJson } from "./service";

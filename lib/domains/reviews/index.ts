/** The reviews domain: the only way in for code outside it (client code uses ./client). */
export { REVIEW_MESSAGES, replyInputSchema, reviewInputSchema } from "./schemas";
export { listProductReviews, listSellerReviews, productRating, replyToReview, reviewEligibility, reviewSelect, serializeReview, submitReview } from "./service";
export { reviewsOperations } from "./openapi";
export { reviewJson } from "./responses";

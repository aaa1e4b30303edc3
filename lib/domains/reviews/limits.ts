/**
 * Review limits and the API's English messages.
 * No zod here: client components import these without carrying the schemas.
 */
export const REVIEW_COMMENT_MAX = 500;
export const REVIEW_REPLY_MAX = 500;

export const REVIEW_MESSAGES = {
  login: "Please login to submit a review",
  notPurchased: "You can only review products you have purchased",
  alreadyReviewed: "You have already reviewed this product",
  ratingRequired: "Please select a rating",
  commentTooLong: `Comment must be at most ${REVIEW_COMMENT_MAX} characters`,
  replyRequired: "Please write a reply",
  replyTooLong: `Reply must be at most ${REVIEW_REPLY_MAX} characters`,
  onlySeller: "Only the seller can reply to this review",
  alreadyReplied: "You have already replied to this review",
  reviewNotFound: "Review not found",
} as const;

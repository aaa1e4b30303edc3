/**
 * Report targets, moderation categories and limits.
 * No zod here: client components import these without carrying the schemas.
 */
export const REPORT_TARGETS = ["listing", "user", "message"] as const;
export const MODERATION_CATEGORIES = ["illegal", "prohibited_item", "counterfeit", "scam", "other"] as const;
export type ModerationCategoryName = (typeof MODERATION_CATEGORIES)[number];
export const DETAILS_MAX = 2000;

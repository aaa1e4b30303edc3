/**
 * The categories of a moderation decision (DSA art. 17 statements of reasons): what a
 * report names and what a removal or ban gives as its ground. Pure, for the forms too.
 */
export const MODERATION_CATEGORIES = ["illegal", "prohibited_item", "counterfeit", "scam", "other"] as const;
export type ModerationCategoryName = (typeof MODERATION_CATEGORIES)[number];

/**
 * Statements of reasons (DSA art. 17) and appeals (art. 20): the categories, limits and
 * kinds. No zod and nothing of the server here: client components import these.
 */
export const MODERATION_CATEGORIES = ["illegal", "prohibited_item", "counterfeit", "scam", "other"] as const;
export type ModerationCategoryName = (typeof MODERATION_CATEGORIES)[number];

export const STATEMENT_KINDS = ["ban", "listing_removal", "payout_hold"] as const;
export type StatementKindName = (typeof STATEMENT_KINDS)[number];

export const FACTS_MAX = 2000;
export const RULE_MAX = 500;
export const APPEAL_TEXT_MAX = 2000;
export const APPEAL_DECISION_MAX = 2000;
/** An appeal may be filed within 6 months of the statement (DSA art. 20(1)). */
export const APPEAL_WINDOW_DAYS = 183;

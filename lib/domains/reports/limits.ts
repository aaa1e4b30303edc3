/**
 * Report targets and limits (the moderation categories are the admin's).
 * No zod here: client components import these without carrying the schemas.
 */
export { MODERATION_CATEGORIES, type ModerationCategoryName } from "@/lib/domains/admin/client";

export const REPORT_TARGETS = ["listing", "user", "message"] as const;
export const DETAILS_MAX = 2000;

/** The admin domain: the only way in for code outside it (client code uses ./client). */
export { decideAppeal } from "./appeals";
export { resolveDisputeAudited } from "./disputes";
export { MODERATION_CATEGORIES } from "./moderation";
export type { ModerationCategoryName } from "./moderation";
export { holdPayouts, releasePayouts } from "./payout-holds";
export { listAdminProducts, removeProduct, setFeatured } from "./products";
export type { AdminProductJson } from "./products";
export { PRODUCTS_PAGE_SIZE, USERS_PAGE_SIZE, adminListQuery, adminReplyBody, adminReplyQuery, auditQuery, featureQuery, removalInput } from "./schemas";
export { adminStats } from "./stats";
export type { DailyPoint } from "./stats";
export { banUser, listUsers, unbanUser, verifyUser } from "./users";

/** The admin domain: the only way in for code outside it (client code uses ./client). */
export { decideAppeal } from "./appeals";
export { resolveDisputeAudited } from "./disputes";
export { holdPayouts, releasePayouts } from "./payout-holds";
export { listAdminProducts, removeProduct, setFeatured } from "./products";
export { PRODUCTS_PAGE_SIZE, USERS_PAGE_SIZE, adminListQuery, adminReplyBody, adminReplyQuery, auditQuery, featureQuery, removalInput } from "./schemas";
export { adminStats } from "./stats";
export { banUser, listUsers, unbanUser, verifyUser } from "./users";
export { adminOperations } from "./openapi";

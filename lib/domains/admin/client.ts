/** What client components may use of the admin domain: nothing that needs the server. */
export type { AdminProductJson } from "./products";
export type { DailyPoint } from "./stats";
export { MODERATION_CATEGORIES } from "./moderation";
export type { ModerationCategoryName } from "./moderation";

/** What client components may use of the admin domain: nothing that needs the server. */
export type { AdminProductJson, DailyPoint } from "./responses";
export { MODERATION_CATEGORIES } from "./moderation";
export type { ModerationCategoryName } from "./moderation";

/** What client components may use of the reports domain: nothing that needs the server. */
export { DETAILS_MAX, MODERATION_CATEGORIES } from "./limits";
export type { ModerationCategoryName } from "./limits";
export type { AdminReportJson as ReportJson } from "./responses";

/** The reports domain: the only way in for code outside it (client code uses ./client). */
export { DETAILS_MAX, MODERATION_CATEGORIES } from "./limits";
export type { ModerationCategoryName } from "./limits";
export { createReportBody, decideReportBody, reportsQuery } from "./schemas";
export { createReport, decideReport, listReports } from "./service";
export type { ReportJson } from "./service";
export { serializeReport } from "./service";

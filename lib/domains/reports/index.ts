/** The reports domain: the only way in for code outside it (client code uses ./client). */
export { createReportBody, decideReportBody, reportsQuery } from "./schemas";
export { createReport, decideReport, listReports } from "./service";
export { serializeReport } from "./service";
export { reportsOperations } from "./openapi";
export { reportJson } from "./responses";

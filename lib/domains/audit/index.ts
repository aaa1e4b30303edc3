/** The audit domain: the only way in for code outside it (client code uses ./client). */
export { listAudit, recordAudit } from "./log";
export { auditPageJson } from "./responses";

/**
 * The JSON of the audit log (GET /api/admin/audit), as a zod output schema: the reader
 * is typed by it and the OpenAPI document shows it, so the two cannot drift.
 */
import { z } from "zod";

/** What an entry recorded before or after the action: its fields depend on the action. */
const snapshot = z.record(z.string(), z.unknown()).nullable().describe("Free-form per action; null when there was nothing (before a complaint was filed)");

const auditEntryJson = z.object({
  id: z.string(),
  actor_id: z.string().describe("The admin, or the user who filed a complaint"),
  actor_email: z.string(),
  action: z.string().describe("user.ban, product.remove, dispute.resolve, appeal.reverse, ..."),
  target_type: z.enum(["user", "product", "ticket", "order", "report", "appeal"]),
  target_id: z.string(),
  before: snapshot,
  after: snapshot,
  created_at: z.string().describe("ISO 8601"),
});

export const auditPageJson = z.object({
  entries: z.array(auditEntryJson).describe("Newest first"),
  total: z.number().int().describe("Entries matching the filter, all pages"),
});
export type AuditPageJson = z.output<typeof auditPageJson>;

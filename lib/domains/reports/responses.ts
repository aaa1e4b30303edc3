/**
 * The JSON the reports routes answer with, as zod output schemas: the services are typed
 * by them and the OpenAPI document shows them, so the two cannot drift. Times ISO 8601.
 */
import { z } from "zod";
import { MODERATION_CATEGORIES, REPORT_TARGETS } from "./limits";

const iso = z.string().describe("ISO 8601");

/** A report as its reporter sees it (the answer to POST /api/reports, the data export). */
export const reportJson = z.object({
  id: z.string(),
  target_type: z.enum(REPORT_TARGETS),
  target_id: z.string(),
  reason: z.enum(MODERATION_CATEGORIES),
  details: z.string(),
  status: z.enum(["open", "dismissed", "listing_removed", "user_banned"]),
  outcome_note: z.string().nullable().describe("What the reporter was told with the decision"),
  created_at: iso,
  decided_at: iso.nullable().describe("Null while open"),
});
export type ReportJson = z.output<typeof reportJson>;

/** A report in the admin queue: who sent it and what the target is now. */
export const adminReportJson = reportJson.extend({
  reporter_name: z.string().nullable().describe("Null for a visitor"),
  reporter_email: z.string().nullable(),
  target: z
    .object({
      title: z.string().optional().describe("A listing's"),
      seller_id: z.string().optional().describe("A listing's"),
      name: z.string().optional().describe("A user's"),
      removed: z.boolean().describe("The listing is withdrawn, or the user banned"),
    })
    .nullable()
    .describe("Null for a message, or a listing or user that no longer exists"),
});
export type AdminReportJson = z.output<typeof adminReportJson>;

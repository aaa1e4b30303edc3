/** Reports (notice and action, DSA art. 16) and the admin's decision on them. */
import { z } from "zod";
import { REPORT_TARGETS, MODERATION_CATEGORIES, DETAILS_MAX } from "./limits";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A notice (DSA art. 16): anyone may send one. `good_faith: true` (the statement that
 * it is accurate and complete) is required from everyone; a visitor also gives
 * `reporter_email` for the receipt and the outcome (checked in the service).
 */
export const createReportBody = z.object({
  target_type: z.enum(REPORT_TARGETS, { error: "target_type must be listing, user or message" }),
  target_id: z.string().trim().regex(UUID, "target_id is not a valid id").transform((v) => v.toLowerCase()),
  reason: z.enum(MODERATION_CATEGORIES, { error: "Choose a reason" }),
  details: z.string().trim().max(DETAILS_MAX, `Details must be at most ${DETAILS_MAX} characters`).default(""),
  good_faith: z.literal(true, { error: "Confirm that your report is accurate and made in good faith" }),
  reporter_email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Enter a valid e-mail address")
    .optional(),
});
export type CreateReportInput = z.output<typeof createReportBody>;

export const decideReportBody = z.object({
  decision: z.enum(["dismiss", "remove_listing", "ban_user"], { error: "decision must be dismiss, remove_listing or ban_user" }),
  /** Told to the reporter; for a removal also the seller's statement of reasons. */
  note: z.string().trim().max(DETAILS_MAX).default(""),
  category: z.enum(MODERATION_CATEGORIES).optional(),
  /** The statement of reasons of a removal or ban (DSA art. 17): facts (else the note) and rule. */
  facts: z.string().trim().max(DETAILS_MAX).optional(),
  rule: z.string().trim().max(500).optional(),
});
export type DecideReportInput = z.output<typeof decideReportBody>;

export const reportsQuery = z
  .object({ status: z.enum(["open", "dismissed", "listing_removed", "user_banned"]).optional() })
  .transform((q) => ({ status: q.status }));

export * from "./limits";

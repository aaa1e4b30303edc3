/**
 * The JSON the statements routes answer with, as zod output schemas: the serializers are
 * typed by them and the OpenAPI document shows them, so the two cannot drift. Times ISO 8601.
 */
import { z } from "zod";
import { MODERATION_CATEGORIES, STATEMENT_KINDS } from "./limits";

const iso = z.string().describe("ISO 8601");
const count = z.number().int();
const APPEAL_STATUSES = ["open", "upheld", "reversed"] as const;

/** A statement of reasons (DSA art. 17): a ban, a listing removal or a payout hold. */
const statementJson = z.object({
  id: z.string(),
  kind: z.enum(STATEMENT_KINDS),
  category: z.enum(MODERATION_CATEGORIES),
  facts: z.string(),
  rule: z.string().describe("The rule broken"),
  automated: z.boolean().describe("Decided without a person"),
  target_type: z.string().describe("user, product or order"),
  target_id: z.string(),
  created_at: iso,
  appeal: z
    .object({
      until: iso.describe("The last moment to file a complaint"),
      how: z.string().describe("How to object, in English"),
      token: z.string().optional().describe("Only with a failed login: the appeal link's token, while no complaint is filed"),
      status: z.enum(APPEAL_STATUSES).optional().describe("Only with a failed login: the complaint already filed"),
    })
    .describe("How to object: an internal complaint decided by a person"),
});
export type StatementJson = z.output<typeof statementJson>;

/** An internal complaint (DSA art. 20) against a statement; one per statement. */
export const appealJson = z.object({
  id: z.string(),
  statement_id: z.string(),
  text: z.string(),
  status: z.enum(APPEAL_STATUSES),
  decision_reason: z.string().nullable().describe("The person's reason; null while open"),
  decided_at: iso.nullable(),
  created_at: iso,
});
export type AppealJson = z.output<typeof appealJson>;

/** A statement with its complaints (GET /api/users/me/statements, the data export). */
export const statementWithAppealsJson = statementJson.extend({ appeals: z.array(appealJson).describe("Newest first; at most one today") });

/** A complaint in the admin queue, with its statement and the user it is about. */
export const adminAppealJson = appealJson.extend({
  statement: statementJson,
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), is_banned: z.boolean() }),
});
export type AdminAppealJson = z.output<typeof adminAppealJson>;

const byKey = (what: string) => z.record(z.string(), count).describe(`Counts by ${what}; a key without any is left out`);

/** The transparency figures of a half year (DSA art. 15 and 24). */
export const transparencyJson = z.object({
  period: z.object({
    year: count,
    half: z.union([z.literal(1), z.literal(2)]),
    from: iso.describe("Midnight in Amsterdam, 1 January or 1 July"),
    to: iso.describe("Exclusive"),
  }),
  notices: z.object({
    total: count,
    by_category: byKey("reason (illegal, prohibited_item, counterfeit, scam, other)"),
    by_sender: z.object({ user: count, visitor: count }),
  }),
  decisions: z.object({
    on_notices: byKey("outcome (dismissed, listing_removed, user_banned)"),
    restrictions: byKey("statement kind (ban, listing_removal, payout_hold)"),
    automated: count,
    median_hours_to_decision: z.number().nullable().describe("Hours, 1 decimal; null without decisions"),
  }),
  complaints: z.object({ received: count, upheld: count, reversed: count, open: count }),
  bans: count,
  average_monthly_active_users: count.describe("Distinct users who signed in, per Amsterdam month so far"),
});
export type TransparencyReport = z.output<typeof transparencyJson>;

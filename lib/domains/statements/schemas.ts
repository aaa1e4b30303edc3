/** zod input of statements of reasons and appeals. */
import { z } from "zod";
import { APPEAL_DECISION_MAX, APPEAL_TEXT_MAX, FACTS_MAX, MODERATION_CATEGORIES, RULE_MAX } from "./limits";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The statement of reasons an admin gives with a ban, a removal or a payout hold
 * (DSA art. 17): all three fields are required.
 */
export const statementInput = z.object(
  {
    category: z.enum(MODERATION_CATEGORIES, { error: "Choose a category" }),
    facts: z.string({ error: "Describe the facts" }).trim().min(1, "Describe the facts").max(FACTS_MAX, `The facts must be at most ${FACTS_MAX} characters`),
    rule: z.string({ error: "Name the rule that was broken" }).trim().min(1, "Name the rule that was broken").max(RULE_MAX, `The rule must be at most ${RULE_MAX} characters`),
  },
  { error: "A statement of reasons is required: category, facts and rule" },
);
export type StatementInput = z.output<typeof statementInput>;

/** POST /api/appeals: the statement, the user's text, and the mailed token when not signed in. */
export const appealBody = z.object({
  statement_id: z.string().trim().regex(UUID, "statement_id is not a valid id").transform((v) => v.toLowerCase()),
  text: z.string({ error: "Explain why you object" }).trim().min(1, "Explain why you object").max(APPEAL_TEXT_MAX, `At most ${APPEAL_TEXT_MAX} characters`),
  token: z.string().max(300).optional(),
});
export type AppealInput = z.output<typeof appealBody>;

/** POST /api/admin/appeals/{id}/decide. */
export const appealDecisionBody = z.object({
  decision: z.enum(["uphold", "reverse"], { error: "decision must be uphold or reverse" }),
  reason: z.string({ error: "Give the reason" }).trim().min(1, "Give the reason").max(APPEAL_DECISION_MAX),
});
export type AppealDecisionInput = z.output<typeof appealDecisionBody>;

export const appealsQuery = z
  .object({ status: z.enum(["open", "upheld", "reversed"]).optional() })
  .transform((q) => ({ status: q.status }));

/** GET /api/transparency and /api/admin/transparency: a half year (default: the current one). */
export const transparencyQuery = z
  .object({
    year: z.string().regex(/^\d{4}$/, "year must be a year").transform(Number).optional(),
    half: z.enum(["1", "2"]).transform(Number).optional(),
    format: z.enum(["json", "csv"]).optional(),
  })
  .transform((q) => ({ year: q.year, half: q.half as 1 | 2 | undefined, format: q.format ?? "json" }));

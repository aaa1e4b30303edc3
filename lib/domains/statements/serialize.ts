/** The JSON of a statement of reasons and of an appeal. */
import type { Appeal, ModerationStatement } from "@/lib/platform/db/generated/client";
import { APPEAL_WINDOW_DAYS } from "./limits";
import type { AppealJson, StatementJson } from "./responses";

export const HOW_TO_OBJECT =
  "You can object within 6 months with an internal complaint: POST /api/appeals (the link in the e-mail), decided by a person. " +
  "You may also turn to a certified out-of-court dispute settlement body or to the courts.";

export function appealDeadline(createdAt: Date): Date {
  return new Date(createdAt.getTime() + APPEAL_WINDOW_DAYS * 24 * 60 * 60 * 1000);
}

export function serializeStatement(s: ModerationStatement): StatementJson {
  return {
    id: s.id,
    kind: s.kind,
    category: s.category,
    facts: s.facts,
    rule: s.rule,
    automated: s.automated,
    target_type: s.targetType,
    target_id: s.targetId,
    created_at: s.createdAt.toISOString(),
    appeal: { until: appealDeadline(s.createdAt).toISOString(), how: HOW_TO_OBJECT },
  };
}

export function serializeAppeal(a: Appeal): AppealJson {
  return {
    id: a.id,
    statement_id: a.statementId,
    text: a.text,
    status: a.status,
    decision_reason: a.decisionReason,
    decided_at: a.decidedAt ? a.decidedAt.toISOString() : null,
    created_at: a.createdAt.toISOString(),
  };
}

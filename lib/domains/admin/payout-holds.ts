/**
 * A manual payout hold by an admin (DSA art. 17: a restriction, so with a statement of
 * reasons the user receives by mail with how to object). While users.payouts_held_at is
 * set the escrow job pays none of the seller's orders (it asks payoutHoldReason in
 * lib/domains/tax/holds.ts before every payout, the same question as the DAC7 hold);
 * releasing it lets the next run pay what is due. An appeal that reverses the hold's
 * statement releases it too (./appeals.ts). Every step is audited.
 */
import { conflict } from "@/lib/platform/api/errors";
import { inTransaction, type Tx } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";
import { recordAudit } from "@/lib/domains/audit";
import { issueStatement, type StatementInput } from "@/lib/domains/statements";
import type { PayoutHoldJson } from "./responses";
import { lockTarget } from "./users";

const heldJson = (message: string, u: Pick<User, "id" | "payoutsHeldAt" | "payoutsHoldStatementId">): PayoutHoldJson => ({
  message,
  user_id: u.id,
  payouts_held: u.payoutsHeldAt !== null,
  payouts_held_at: u.payoutsHeldAt?.toISOString() ?? null,
  statement_id: u.payoutsHoldStatementId,
});

/** PUT /api/admin/users/{id}/hold-payouts {category, facts, rule}. */
export async function holdPayouts(admin: User, id: string, reasons: StatementInput) {
  const user = await inTransaction(undefined, async (tx) => {
    const target = await lockTarget(tx, id);
    if (target.payoutsHeldAt) throw conflict("Payouts of this user are already held", "payouts_already_held");
    const statement = await issueStatement(tx, { ...reasons, userId: id, kind: "payout_hold", targetType: "user", targetId: id, decidedBy: admin });
    const updated = await tx.user.update({ where: { id }, data: { payoutsHeldAt: new Date(), payoutsHoldStatementId: statement.id } });
    await recordAudit(tx, admin, "user.hold_payouts", { type: "user", id }, { payouts_held: false },
      { payouts_held: true, statement_id: statement.id, category: reasons.category, facts: reasons.facts, rule: reasons.rule });
    return updated;
  });
  return heldJson("Payouts held", user);
}

/**
 * PUT /api/admin/users/{id}/release-payouts: the next escrow run pays what is due.
 * `tx` and `extra`: an appeal reversing the hold.
 */
export async function releasePayouts(admin: User, id: string, tx?: Tx, extra: Record<string, unknown> = {}) {
  const user = await inTransaction(tx, async (t) => {
    const target = await lockTarget(t, id);
    if (!target.payoutsHeldAt) throw conflict("Payouts of this user are not held", "payouts_not_held");
    const updated = await t.user.update({ where: { id }, data: { payoutsHeldAt: null, payoutsHoldStatementId: null } });
    await recordAudit(t, admin, "user.release_payouts", { type: "user", id },
      { payouts_held: true, statement_id: target.payoutsHoldStatementId }, { payouts_held: false, ...extra });
    return updated;
  });
  return heldJson("Payouts released", user);
}

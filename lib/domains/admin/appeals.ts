/**
 * An admin decides an internal complaint (DSA art. 20): uphold or reverse, with a
 * reason the user is told. Reversing a ban unbans; reversing a removal restores the
 * listing; reversing a manual payout hold releases it. One transaction, audited (lib/domains/statements records the decision).
 */
import { db } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";
import { recordAppealDecision, serializeAppeal, type AppealDecisionInput } from "@/lib/domains/statements";
import { releasePayouts } from "./payout-holds";
import { restoreProduct } from "./products";
import { unbanUser } from "./users";

/** POST /api/admin/appeals/{id}/decide {decision: uphold|reverse, reason}. */
export async function decideAppeal(admin: User, id: string, input: AppealDecisionInput) {
  const appeal = await db.$transaction(async (tx) => {
    const { appeal, statement } = await recordAppealDecision(tx, admin, id, input);
    if (input.decision === "reverse") {
      const extra = { appeal_id: appeal.id, statement_id: statement.id };
      if (statement.kind === "ban") {
        const user = await tx.user.findUnique({ where: { id: statement.userId }, select: { isBanned: true } });
        if (user?.isBanned) await unbanUser(admin, statement.userId, tx, extra);
      } else if (statement.kind === "listing_removal") {
        await restoreProduct(admin, statement.targetId, tx, extra);
      } else if (statement.kind === "payout_hold") {
        // Only a manual hold is undone here; the DAC7 hold is the law's, ended by the profile.
        const user = await tx.user.findUnique({ where: { id: statement.userId }, select: { payoutsHoldStatementId: true } });
        if (user?.payoutsHoldStatementId === statement.id) await releasePayouts(admin, statement.userId, tx, extra);
      }
    }
    return appeal;
  });
  return serializeAppeal(appeal);
}

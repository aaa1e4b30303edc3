/**
 * The export's payout records: whether the user's payout account is set up (never the
 * provider's account id) and why payouts to them wait, if they do (docs/account-data.md).
 */
import type { Tx } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";

/** Whether payouts are set up; never the provider's account id. */
export async function payoutAccount(tx: Tx, userId: string) {
  const account = await tx.payoutAccount.findUnique({ where: { userId } });
  if (!account) return null;
  return {
    provider: account.provider,
    details_submitted: account.detailsSubmitted,
    payouts_enabled: account.payoutsEnabled,
    created_at: account.createdAt.toISOString(),
    updated_at: account.updatedAt.toISOString(),
  };
}

/**
 * An admin's hold with its statement of reasons, the DAC7 wait for the tax profile, and
 * the sales whose payout waits for a payout account the user has not set up yet.
 */
export function payoutHolds(
  user: Pick<User, "payoutsHeldAt" | "payoutsHoldStatementId">,
  tax: { payouts_wait_for_profile: boolean },
  sales: readonly { id: string; payout_blocked_at: string | null }[],
) {
  return {
    admin_hold: user.payoutsHeldAt ? { held_at: user.payoutsHeldAt.toISOString(), statement_id: user.payoutsHoldStatementId } : null,
    tax_profile_missing: tax.payouts_wait_for_profile,
    waiting_for_payout_account: sales
      .filter((order) => order.payout_blocked_at !== null)
      .map((order) => ({ order_id: order.id, since: order.payout_blocked_at })),
  };
}

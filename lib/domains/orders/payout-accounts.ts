/**
 * Sellers' payout accounts (Stripe Connect, docs/payments.md). With the test
 * provider none is needed: payouts are ledger entries only.
 */
import { AppError } from "@/lib/platform/api/errors";
import { db } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";
import { log } from "@/lib/platform/log";
import { paymentProvider } from "@/lib/domains/payments";
import type { PayoutAccountJson, PayoutOnboardingJson } from "./responses";

export async function payoutAccountOf(user: Pick<User, "id">): Promise<PayoutAccountJson> {
  const provider = paymentProvider();
  let account = await db.payoutAccount.findUnique({ where: { userId: user.id } });
  // Back from onboarding, or an account.updated event that came before our row: ask
  // Stripe while payouts are not enabled yet (a failure just shows what we know).
  if (account && provider.name === "stripe" && !account.payoutsEnabled) {
    try {
      const state = await provider.retrievePayoutAccount(account.providerAccountId);
      account = await db.payoutAccount.update({
        where: { id: account.id },
        data: { payoutsEnabled: state.payoutsEnabled, detailsSubmitted: state.detailsSubmitted },
      });
    } catch (error) {
      log().warn({ err: error, userId: user.id }, "could not refresh the payout account");
    }
  }
  return {
    provider: provider.name,
    required: provider.name === "stripe",
    connected: account !== null,
    details_submitted: provider.name === "test" ? true : (account?.detailsSubmitted ?? false),
    payouts_enabled: provider.name === "test" ? true : (account?.payoutsEnabled ?? false),
  };
}

/** An Account Link to Stripe's onboarding; creates the connected account first if needed. */
export async function startPayoutOnboarding(user: Pick<User, "id" | "email">, origin: string): Promise<PayoutOnboardingJson> {
  const provider = paymentProvider();
  if (provider.name !== "stripe") {
    throw new AppError("conflict", "Payouts need no account in test mode", { code: "test_mode" });
  }
  let account = await db.payoutAccount.findUnique({ where: { userId: user.id } });
  if (!account) {
    const created = await provider.createPayoutAccount({ userId: user.id, email: user.email, country: "NL", idempotencyKey: `account-${user.id}` });
    account = await db.payoutAccount.upsert({
      where: { userId: user.id },
      create: {
        userId: user.id,
        provider: "stripe",
        providerAccountId: created.providerAccountId,
        detailsSubmitted: created.detailsSubmitted,
        payoutsEnabled: created.payoutsEnabled,
      },
      update: {},
    });
  }
  const back = `${origin}/dashboard?tab=sales`;
  const url = await provider.payoutOnboardingUrl({ providerAccountId: account.providerAccountId, refreshUrl: back, returnUrl: back });
  return { url };
}

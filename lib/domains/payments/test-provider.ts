/**
 * The test payment provider (docs/payments.md): used while Stripe is not
 * configured. Its "hosted checkout" is our own page /checkout/test/{session_id}, marked
 * "test mode, no real money", whose Pay, Fail and Cancel buttons call the same
 * fulfilment a Stripe webhook would (lib/domains/orders/fulfilment.ts). No money moves: refunds
 * and transfers only get an id, derived from the idempotency key so a retry gets the
 * same one, as with Stripe.
 */
import { createHash, randomBytes } from "node:crypto";
import type { PaymentProvider, PayoutAccountState, ProviderCheckout } from "./types";
import { WebhookSignatureError } from "./types";

/** The test provider's session ids look like Stripe's, with a marker of their own. */
export const TEST_SESSION_PREFIX = "cs_testmode_";

function idFor(prefix: string, key: string): string {
  return `${prefix}${createHash("sha256").update(key).digest("hex").slice(0, 24)}`;
}

export function createTestProvider(lookup: (providerSessionId: string) => Promise<ProviderCheckout>): PaymentProvider {
  return {
    name: "test",
    async createCheckout(input) {
      const providerSessionId = `${TEST_SESSION_PREFIX}${randomBytes(12).toString("hex")}`;
      const origin = new URL(input.successUrl).origin;
      return { providerSessionId, url: `${origin}/checkout/test/${providerSessionId}` };
    },
    // The session's state is our own database row: the buttons change it directly.
    retrieveCheckout: lookup,
    async expireCheckout() {},
    async refund(input) {
      return { id: idFor("re_testmode_", input.idempotencyKey) };
    },
    async transfer(input) {
      return { id: idFor("tr_testmode_", input.idempotencyKey) };
    },
    async createPayoutAccount(input): Promise<PayoutAccountState> {
      return { providerAccountId: idFor("acct_testmode_", input.userId), detailsSubmitted: true, payoutsEnabled: true };
    },
    async retrievePayoutAccount(providerAccountId) {
      return { providerAccountId, detailsSubmitted: true, payoutsEnabled: true };
    },
    async payoutOnboardingUrl(input) {
      return input.returnUrl;
    },
    verifyWebhook() {
      throw new WebhookSignatureError("Webhooks are not used in test mode");
    },
  };
}

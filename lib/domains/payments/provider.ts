/**
 * The payment provider this configuration asks for (docs/payments.md): Stripe when
 * STRIPE_SECRET_KEY is set, otherwise the test provider, which refuses to run with
 * NODE_ENV=production unless ALLOW_TEST_PAYMENTS_IN_PRODUCTION is set.
 */
import { AppError } from "@/lib/platform/api/errors";
import { db } from "@/lib/platform/db/client";
import { env, type Env } from "@/lib/platform/env";
import { createStripeProvider } from "./stripe";
import { createTestProvider } from "./test-provider";
import type { PaymentProvider, ProviderCheckout } from "./types";

export type { PaymentProvider } from "./types";

let cached: { config: Env; provider: PaymentProvider } | undefined;

export function paymentProvider(): PaymentProvider {
  const config = env();
  if (cached?.config !== config) cached = { config, provider: createProvider(config) };
  return cached.provider;
}

/** Which provider is configured, without creating it. */
export function providerName(config: Env = env()): "stripe" | "test" {
  return config.STRIPE_SECRET_KEY ? "stripe" : "test";
}

function createProvider(config: Env): PaymentProvider {
  if (config.STRIPE_SECRET_KEY) {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      // lib/platform/env.ts requires it together with the key.
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      connectWebhookSecret: config.STRIPE_CONNECT_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  if (config.NODE_ENV === "production" && !config.ALLOW_TEST_PAYMENTS_IN_PRODUCTION) {
    throw new AppError(
      "unavailable",
      "Payments are not configured (set STRIPE_SECRET_KEY, or ALLOW_TEST_PAYMENTS_IN_PRODUCTION for a demo)",
      { code: "payments_not_configured" },
    );
  }
  return createTestProvider(testSessionState);
}

/** The test provider keeps no state of its own: its sessions are our rows. */
async function testSessionState(providerSessionId: string): Promise<ProviderCheckout> {
  const session = await db.checkoutSession.findUnique({ where: { providerSessionId } });
  if (!session) throw new AppError("not_found", "Checkout session not found", { code: "checkout_not_found" });
  return {
    providerSessionId,
    status: session.status,
    paymentStatus: session.paymentStatus === "paid" ? "paid" : "unpaid",
    amountTotalCents: session.amountTotalCents,
    paymentIntentId: session.paymentIntentId,
    chargeId: session.chargeId,
    checkoutId: session.id,
  };
}

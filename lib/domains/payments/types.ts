/**
 * The payment provider interface (docs/payments.md). Two implementations: Stripe
 * (lib/domains/payments/stripe.ts) when STRIPE_SECRET_KEY is set, otherwise the test provider
 * (lib/domains/payments/test-provider.ts). Amounts are integer euro cents everywhere.
 *
 * Provider calls are network calls: services never make them inside a database
 * transaction. Every call that moves money takes an idempotency key, so a retry after a
 * crash or a concurrent cron run cannot move it twice.
 */

export type ProviderName = "stripe" | "test";

export type CheckoutLine = {
  /** Shown on the hosted checkout page. */
  name: string;
  amountCents: number;
  /** The order this line belongs to (metadata). */
  orderId: string;
  kind: "item" | "fee" | "shipping";
};

export type CreateCheckoutInput = {
  /** Our checkout_sessions.id (UUID); goes into metadata and the transfer group. */
  checkoutId: string;
  orderIds: string[];
  buyerId: string;
  buyerEmail: string;
  /** One "item" line per product (its price), one "fee" line per product (5%) and one "shipping" line per parcel. */
  lines: CheckoutLine[];
  amountTotalCents: number;
  /** `transfer_group` for the separate-charges-and-transfers flow. */
  transferGroup: string;
  /** Absolute URLs; the success URL carries `{CHECKOUT_SESSION_ID}` for Stripe. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  locale: "nl" | "en";
  idempotencyKey: string;
};

export type CreatedCheckout = {
  /** The provider's session id (Stripe `cs_...`). */
  providerSessionId: string;
  url: string;
};

/** The provider's view of a checkout session (Stripe Checkout Session fields). */
export type ProviderCheckout = {
  providerSessionId: string;
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  amountTotalCents: number;
  paymentIntentId: string | null;
  chargeId: string | null;
  /** Our checkout id from metadata. */
  checkoutId: string | null;
};

export type RefundInput = {
  /** The charge (Stripe `ch_...`) or payment intent (`pi_...`) to refund. */
  chargeId: string | null;
  paymentIntentId: string | null;
  amountCents: number;
  orderId: string;
  idempotencyKey: string;
};

export type TransferInput = {
  amountCents: number;
  /** The seller's connected account (`acct_...`). */
  destination: string;
  /** The charge the money came from (`source_transaction`). */
  sourceTransaction: string | null;
  transferGroup: string;
  orderId: string;
  idempotencyKey: string;
};

export type PayoutAccountState = {
  providerAccountId: string;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
};

/** A verified webhook event, reduced to what the services need. */
export type ProviderEvent = {
  id: string;
  type: string;
  /** `event.data.object` as the provider sent it. */
  object: Record<string, unknown>;
  created: number;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout>;
  retrieveCheckout(providerSessionId: string): Promise<ProviderCheckout>;
  /** Ends an open session so it can no longer be paid (Stripe `expire`). */
  expireCheckout(providerSessionId: string): Promise<void>;
  refund(input: RefundInput): Promise<{ id: string }>;
  transfer(input: TransferInput): Promise<{ id: string }>;
  /** Creates a connected account for a seller (Stripe Connect, `transfers` capability). */
  createPayoutAccount(input: { userId: string; email: string; country: "NL"; idempotencyKey: string }): Promise<PayoutAccountState>;
  retrievePayoutAccount(providerAccountId: string): Promise<PayoutAccountState>;
  /** An onboarding link (Stripe Account Links, `account_onboarding`). */
  payoutOnboardingUrl(input: { providerAccountId: string; refreshUrl: string; returnUrl: string }): Promise<string>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError otherwise. */
  verifyWebhook(rawBody: string, signature: string | null): ProviderEvent;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** A provider call failed (network, declined, misconfigured). */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ProviderError";
  }
}

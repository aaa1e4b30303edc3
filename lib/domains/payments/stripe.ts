/**
 * The Stripe payment provider (stripe@23, docs/payments.md): hosted Checkout for
 * the buyer's payment, "separate charges and transfers" for escrow (the platform keeps
 * the money until release, then `transfers.create` with the charge as
 * `source_transaction`), refunds, Connect accounts for sellers and webhook verification.
 *
 * Every SDK failure comes out as a ProviderError (the Stripe error is its `cause`), except
 * webhook verification, which throws WebhookSignatureError.
 */
import Stripe from "stripe";
import {
  ProviderError,
  WebhookSignatureError,
  type CreateCheckoutInput,
  type CreatedCheckout,
  type PaymentProvider,
  type PayoutAccountState,
  type ProviderCheckout,
  type ProviderEvent,
  type RefundInput,
  type TransferInput,
} from "./types";

export type StripeProviderConfig = {
  secretKey: string;
  /** Signing secret of the webhook endpoint (whsec_...). */
  webhookSecret: string;
  /** The Connect endpoint's signing secret (events of connected accounts), when separate. */
  connectWebhookSecret?: string;
  /**
   * Another address for the API (e.g. http://127.0.0.1:12111), where tests run a local
   * double. Only scheme, host and port count: the SDK always adds `/v1/...`.
   */
  apiUrl?: string;
};

/** Offered on the hosted page, as a filter on what the Dashboard has enabled. */
const PAYMENT_METHODS: Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[] = ["card", "ideal", "bancontact"];

const CURRENCY = "eur";

/** Per attempt; with two retries a call can take three times this at worst. */
const TIMEOUT_MS = 20_000;

/** The hosted checkout Stripe makes for one of our checkouts: one line per order line. */
function checkoutSessionParams(input: CreateCheckoutInput): Stripe.Checkout.SessionCreateParams {
  const orderIds = input.orderIds.join(",");
  return {
    mode: "payment",
    currency: CURRENCY,
    line_items: input.lines.map((line) => ({
      price_data: {
        currency: CURRENCY,
        unit_amount: line.amountCents,
        product_data: { name: line.name, metadata: { order_id: line.orderId, kind: line.kind } },
      },
      quantity: 1,
    })),
    // Never `payment_method_types`: this API version no longer has it.
    allowed_payment_method_types: PAYMENT_METHODS,
    expires_at: unixSeconds(input.expiresAt),
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    customer_email: input.buyerEmail,
    client_reference_id: input.checkoutId,
    locale: input.locale,
    metadata: { checkout_id: input.checkoutId, order_ids: orderIds, buyer_id: input.buyerId },
    payment_intent_data: {
      transfer_group: input.transferGroup,
      metadata: { checkout_id: input.checkoutId, order_ids: orderIds },
    },
  };
}

/** A seller's connected account: Express, receiving transfers only. */
function payoutAccountParams(input: Parameters<PaymentProvider["createPayoutAccount"]>[0]): Stripe.AccountCreateParams {
  return {
    country: input.country,
    email: input.email,
    // Controller properties instead of the legacy `type: "express"`: the platform
    // pays Stripe's fees and carries losses; sellers get the Express Dashboard.
    controller: {
      fees: { payer: "application" },
      losses: { payments: "application" },
      stripe_dashboard: { type: "express" },
    },
    // Sellers only receive transfers; buyers pay the platform.
    capabilities: { transfers: { requested: true } },
    metadata: { user_id: input.userId },
  };
}

async function expireSession(stripe: Stripe, providerSessionId: string): Promise<void> {
  try {
    await stripe.checkout.sessions.expire(providerSessionId);
  } catch (error) {
    // Stripe refuses (400 invalid_request_error) to expire a session that is no longer
    // open: 'Only Checkout Sessions with a status in ["open"] can be expired.' That is
    // what we wanted anyway. The message has no error code, so rather than match its
    // text we look at the session: anything but "open" means there is nothing to do.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400) {
      const session = await call("checkout.sessions.retrieve", () => stripe.checkout.sessions.retrieve(providerSessionId));
      if (session.status !== "open") return;
    }
    throw wrap("checkout.sessions.expire", error);
  }
}

export function createStripeProvider(config: StripeProviderConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    // No apiVersion: the SDK pins the version its types describe (Stripe.API_VERSION).
    maxNetworkRetries: 2,
    timeout: TIMEOUT_MS,
    appInfo: { name: "Kringwaar" },
    typescript: true,
    ...(config.apiUrl ? apiAddress(config.apiUrl) : {}),
  });

  return {
    name: "stripe",

    async createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout> {
      const sum = input.lines.reduce((total, line) => total + line.amountCents, 0);
      if (sum !== input.amountTotalCents) {
        // Stripe charges the sum of the lines; a different total is a bug on our side.
        throw new Error(`Checkout lines add up to ${sum} cents, not ${input.amountTotalCents}`);
      }
      const session = await call("checkout.sessions.create", () =>
        stripe.checkout.sessions.create(checkoutSessionParams(input), { idempotencyKey: input.idempotencyKey }),
      );
      if (!session.url) throw new ProviderError(`Stripe returned checkout session ${session.id} without a URL`);
      return { providerSessionId: session.id, url: session.url };
    },

    async retrieveCheckout(providerSessionId: string): Promise<ProviderCheckout> {
      const session = await call("checkout.sessions.retrieve", () =>
        stripe.checkout.sessions.retrieve(providerSessionId, { expand: ["payment_intent.latest_charge"] }),
      );
      return toProviderCheckout(session);
    },

    expireCheckout: (providerSessionId: string) => expireSession(stripe, providerSessionId),

    async refund(input: RefundInput): Promise<{ id: string }> {
      // The payment intent first: it is known from the moment of payment and never
      // changes, while the charge id may be learned later (a retry must send the same
      // parameters under its idempotency key, or Stripe refuses it).
      const target = input.paymentIntentId
        ? { payment_intent: input.paymentIntentId }
        : input.chargeId
          ? { charge: input.chargeId }
          : null;
      if (!target) throw new Error(`Refund for order ${input.orderId} names neither a charge nor a payment intent`);
      const refund = await call("refunds.create", () =>
        stripe.refunds.create(
          {
            ...target,
            amount: input.amountCents,
            reason: "requested_by_customer",
            metadata: { order_id: input.orderId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { id: refund.id };
    },

    async transfer(input: TransferInput): Promise<{ id: string }> {
      const transfer = await call("transfers.create", () =>
        stripe.transfers.create(
          {
            amount: input.amountCents,
            currency: CURRENCY,
            destination: input.destination,
            // The charge the money came from: the transfer waits for its funds to be
            // available instead of failing on an empty platform balance.
            ...(input.sourceTransaction !== null ? { source_transaction: input.sourceTransaction } : {}),
            transfer_group: input.transferGroup,
            metadata: { order_id: input.orderId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { id: transfer.id };
    },

    async createPayoutAccount(input): Promise<PayoutAccountState> {
      const account = await call("accounts.create", () =>
        stripe.accounts.create(payoutAccountParams(input), { idempotencyKey: input.idempotencyKey }),
      );
      return toPayoutAccount(account);
    },

    async retrievePayoutAccount(providerAccountId: string): Promise<PayoutAccountState> {
      const account = await call("accounts.retrieve", () => stripe.accounts.retrieve(providerAccountId));
      return toPayoutAccount(account);
    },

    async payoutOnboardingUrl(input): Promise<string> {
      const link = await call("accountLinks.create", () =>
        stripe.accountLinks.create({
          account: input.providerAccountId,
          refresh_url: input.refreshUrl,
          return_url: input.returnUrl,
          type: "account_onboarding",
        }),
      );
      return link.url;
    },

    verifyWebhook(rawBody: string, signature: string | null): ProviderEvent {
      if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
      let event: Stripe.Event | undefined;
      let failure: unknown;
      // The platform endpoint's secret, then the Connect endpoint's (account.updated of
      // connected accounts comes from a Connect endpoint with a secret of its own).
      for (const secret of [config.webhookSecret, config.connectWebhookSecret]) {
        if (!secret || event) continue;
        try {
          // Checks the HMAC over the exact bytes received and that the timestamp is within
          // the default tolerance (300 s), so an old delivery cannot be replayed.
          event = stripe.webhooks.constructEvent(rawBody, signature, secret);
        } catch (error) {
          failure ??= error;
        }
      }
      if (!event) {
        // A bad signature, a stale timestamp, or a signed body that is not JSON.
        throw new WebhookSignatureError(failure instanceof Error ? failure.message : "Invalid webhook signature");
      }
      return {
        id: event.id,
        type: event.type,
        object: event.data.object as unknown as Record<string, unknown>,
        created: event.created,
      };
    },
  };
}

/** Splits an address like http://127.0.0.1:12111 into the SDK's host, port and protocol. */
function apiAddress(apiUrl: string): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  const url = new URL(apiUrl);
  const protocol = url.protocol.replace(/:$/, "");
  if (protocol !== "http" && protocol !== "https") {
    throw new Error(`STRIPE_API_URL must be an http(s) URL, not ${apiUrl}`);
  }
  return {
    // URL keeps the brackets of an IPv6 address; Node's http module wants it bare.
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
  };
}

function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

const SESSION_STATUSES = ["open", "complete", "expired"] as const;
const PAYMENT_STATUSES = ["paid", "unpaid", "no_payment_required"] as const;

/** Narrows one of Stripe's open-ended string unions to the values we know. */
function oneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

function toProviderCheckout(session: Stripe.Checkout.Session): ProviderCheckout {
  const status: string | null = session.status;
  if (!oneOf(SESSION_STATUSES, status)) {
    throw new ProviderError(`Checkout session ${session.id} has an unknown status: ${String(status)}`);
  }
  const paymentStatus: string = session.payment_status;
  if (!oneOf(PAYMENT_STATUSES, paymentStatus)) {
    throw new ProviderError(`Checkout session ${session.id} has an unknown payment status: ${paymentStatus}`);
  }
  // Expanded (we ask for payment_intent.latest_charge) or, defensively, plain ids.
  const intent = session.payment_intent;
  const paymentIntentId = typeof intent === "string" ? intent : (intent?.id ?? null);
  const charge = intent && typeof intent !== "string" ? intent.latest_charge : null;
  const chargeId = typeof charge === "string" ? charge : (charge?.id ?? null);
  return {
    providerSessionId: session.id,
    status,
    paymentStatus,
    amountTotalCents: session.amount_total ?? 0,
    paymentIntentId,
    chargeId,
    checkoutId: session.metadata?.checkout_id ?? session.client_reference_id ?? null,
  };
}

function toPayoutAccount(account: Stripe.Account): PayoutAccountState {
  return {
    providerAccountId: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
  };
}

/** Runs one SDK call, turning its failure into a ProviderError. */
async function call<T>(operation: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw wrap(operation, error);
  }
}

function wrap(operation: string, error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    // rawType is the API's error type (invalid_request_error...); type is the SDK class name.
    const detail = [error.rawType ?? error.type, error.code, error.statusCode].filter((part) => part !== undefined).join(", ");
    return new ProviderError(`Stripe ${operation} failed (${detail}): ${error.message}`, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(`Stripe ${operation} failed: ${message}`, { cause: error });
}

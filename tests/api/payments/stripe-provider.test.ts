// The Stripe provider (lib/domains/payments/stripe.ts) running the real `stripe` SDK against the
// local double (tests/support/stripe-double.ts): what it sends (cents, the fee line, the
// payment methods, escrow's transfer group, idempotency keys), how it reads Stripe's
// answers, and webhook signature checks. No database, no network beyond 127.0.0.1.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { createStripeProvider } from "@/lib/domains/payments/stripe";
import { ProviderError, WebhookSignatureError, type CreateCheckoutInput, type PaymentProvider } from "@/lib/domains/payments/types";
import { signedWebhook, startStripeDouble, stripeEvent, type StripeDouble } from "../../support/stripe-double";

const WEBHOOK_SECRET = "whsec_test_0123456789abcdefghijklmnopqrstuv";
const CHECKOUT_ID = "3f6c1a52-8d4e-4b7a-9c21-5e0f7a9b8c10";
const ORDER_A = "7b1e2c3d-4f50-4a6b-8c7d-9e0f1a2b3c4d";
const ORDER_B = "8c2f3d4e-5061-4b7c-9d8e-0f1a2b3c4d5e";

let double: StripeDouble;
let provider: PaymentProvider;

beforeAll(async () => {
  double = await startStripeDouble();
  provider = createStripeProvider({ secretKey: "sk_test_kringwaar", webhookSecret: WEBHOOK_SECRET, apiUrl: double.url });
});

afterAll(async () => {
  await double.close();
});

beforeEach(() => {
  double.clear();
});

let keyCounter = 0;
const key = (what: string) => `${what}-${Date.now()}-${(keyCounter += 1)}`;

/** One bicycle of €149.50 plus its 5% fee (747.5, half up: 748). */
function checkoutInput(overrides: Partial<CreateCheckoutInput> = {}): CreateCheckoutInput {
  return {
    checkoutId: CHECKOUT_ID,
    orderIds: [ORDER_A],
    buyerId: "b0a1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d",
    buyerEmail: "koper@example.nl",
    lines: [
      { name: "Gazelle damesfiets 28 inch", amountCents: 14950, orderId: ORDER_A, kind: "item" },
      { name: "Servicekosten Gazelle damesfiets 28 inch", amountCents: 748, orderId: ORDER_A, kind: "fee" },
    ],
    amountTotalCents: 15698,
    transferGroup: `order_${ORDER_A}`,
    successUrl: "http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}&cancelled=1",
    expiresAt: new Date(Date.now() + 45 * 60 * 1000),
    locale: "nl",
    idempotencyKey: key("checkout"),
    ...overrides,
  };
}

/** A paid checkout: the session, its payment intent and charge. */
async function paidCheckout() {
  const created = await provider.createCheckout(checkoutInput());
  const completed = double.completeSession(created.providerSessionId);
  return { ...completed, providerSessionId: created.providerSessionId };
}

describe("createCheckout", () => {
  it("sends the lines in cents with the fee line, the allowed payment methods, expiry, escrow transfer group and metadata", async () => {
    const input = checkoutInput();
    const created = await provider.createCheckout(input);

    expect(created.providerSessionId).toMatch(/^cs_test_/);
    expect(created.url).toBe(`https://checkout.stripe.test/c/pay/${created.providerSessionId}`);

    const [request] = double.requestsTo("POST", "/v1/checkout/sessions");
    expect(request).toBeDefined();
    const body = request!.body as any;
    expect(body.mode).toBe("payment");
    expect(body.currency).toBe("eur");
    expect(body.line_items).toEqual([
      {
        price_data: {
          currency: "eur",
          unit_amount: "14950",
          product_data: { name: "Gazelle damesfiets 28 inch", metadata: { order_id: ORDER_A, kind: "item" } },
        },
        quantity: "1",
      },
      {
        price_data: {
          currency: "eur",
          unit_amount: "748",
          product_data: { name: "Servicekosten Gazelle damesfiets 28 inch", metadata: { order_id: ORDER_A, kind: "fee" } },
        },
        quantity: "1",
      },
    ]);
    expect(body.allowed_payment_method_types).toEqual(["card", "ideal", "bancontact"]);
    expect(body).not.toHaveProperty("payment_method_types");
    expect(body.expires_at).toBe(String(Math.floor(input.expiresAt.getTime() / 1000)));
    expect(body.success_url).toBe(input.successUrl);
    expect(body.cancel_url).toBe(input.cancelUrl);
    expect(body.customer_email).toBe("koper@example.nl");
    expect(body.client_reference_id).toBe(CHECKOUT_ID);
    expect(body.locale).toBe("nl");
    expect(body.metadata).toEqual({ checkout_id: CHECKOUT_ID, order_ids: ORDER_A, buyer_id: input.buyerId });
    expect(body.payment_intent_data).toEqual({
      transfer_group: `order_${ORDER_A}`,
      metadata: { checkout_id: CHECKOUT_ID, order_ids: ORDER_A },
    });

    expect(request!.headers["idempotency-key"]).toBe(input.idempotencyKey);
    expect(request!.headers.authorization).toBe("Bearer sk_test_kringwaar");
    expect(request!.headers["user-agent"]).toContain("Kringwaar");

    // Stripe charges what the lines add up to.
    expect(double.get(created.providerSessionId)).toMatchObject({ amount_total: 15698, status: "open", payment_status: "unpaid" });
  });

  it("joins the order ids of a cart checkout", async () => {
    const input = checkoutInput({
      orderIds: [ORDER_A, ORDER_B],
      lines: [
        { name: "Fiets", amountCents: 14950, orderId: ORDER_A, kind: "item" },
        { name: "Servicekosten Fiets", amountCents: 748, orderId: ORDER_A, kind: "fee" },
        { name: "Lamp", amountCents: 1000, orderId: ORDER_B, kind: "item" },
        { name: "Servicekosten Lamp", amountCents: 50, orderId: ORDER_B, kind: "fee" },
      ],
      amountTotalCents: 16748,
    });
    const created = await provider.createCheckout(input);
    const body = double.requestsTo("POST", "/v1/checkout/sessions")[0]!.body as any;
    expect(body.line_items).toHaveLength(4);
    expect(body.metadata.order_ids).toBe(`${ORDER_A},${ORDER_B}`);
    expect(body.payment_intent_data.metadata.order_ids).toBe(`${ORDER_A},${ORDER_B}`);
    expect(double.get(created.providerSessionId)?.amount_total).toBe(16748);
  });

  it("refuses lines that do not add up to the total, without calling Stripe", async () => {
    await expect(provider.createCheckout(checkoutInput({ amountTotalCents: 15000 }))).rejects.toThrow(/add up to 15698/);
    expect(double.requests).toHaveLength(0);
  });

  it("a retry with the same idempotency key gets the same session and creates no second one", async () => {
    const input = checkoutInput();
    const first = await provider.createCheckout(input);
    const again = await provider.createCheckout(input);
    expect(again).toEqual(first);

    const requests = double.requestsTo("POST", "/v1/checkout/sessions");
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => r.headers["idempotency-key"])).toEqual([input.idempotencyKey, input.idempotencyKey]);
    expect(requests.map((r) => r.replayed)).toEqual([false, true]);

    // The same key with other parameters is a bug on our side: Stripe refuses it.
    const changed = provider.createCheckout({ ...input, buyerEmail: "iemand-anders@example.nl" });
    await expect(changed).rejects.toBeInstanceOf(ProviderError);
    await expect(changed).rejects.toThrow(/idempotency_error/);
  });

  it("retries a 500 with the same idempotency key (maxNetworkRetries) and succeeds", async () => {
    double.fail("/v1/checkout/sessions", 500);
    const input = checkoutInput();
    const created = await provider.createCheckout(input);
    expect(created.providerSessionId).toMatch(/^cs_test_/);
    const requests = double.requestsTo("POST", "/v1/checkout/sessions");
    expect(requests).toHaveLength(2);
    expect(requests.every((r) => r.headers["idempotency-key"] === input.idempotencyKey)).toBe(true);
  });
});

describe("retrieveCheckout and expireCheckout", () => {
  it("maps an open session, then the paid one with its payment intent and charge", async () => {
    const created = await provider.createCheckout(checkoutInput());
    expect(await provider.retrieveCheckout(created.providerSessionId)).toEqual({
      providerSessionId: created.providerSessionId,
      status: "open",
      paymentStatus: "unpaid",
      amountTotalCents: 15698,
      paymentIntentId: null,
      chargeId: null,
      checkoutId: CHECKOUT_ID,
    });

    const { paymentIntentId, chargeId } = double.completeSession(created.providerSessionId);
    expect(await provider.retrieveCheckout(created.providerSessionId)).toEqual({
      providerSessionId: created.providerSessionId,
      status: "complete",
      paymentStatus: "paid",
      amountTotalCents: 15698,
      paymentIntentId,
      chargeId,
      checkoutId: CHECKOUT_ID,
    });
    const get = double.requestsTo("GET", `/v1/checkout/sessions/${created.providerSessionId}`).at(-1)!;
    expect(get.body).toEqual({ expand: ["payment_intent.latest_charge"] });
  });

  it("reports a complete session whose payment is still underway as unpaid", async () => {
    const created = await provider.createCheckout(checkoutInput());
    double.completeSession(created.providerSessionId, { paymentStatus: "unpaid" });
    expect(await provider.retrieveCheckout(created.providerSessionId)).toMatchObject({ status: "complete", paymentStatus: "unpaid" });
  });

  it("expires an open session", async () => {
    const created = await provider.createCheckout(checkoutInput());
    await provider.expireCheckout(created.providerSessionId);
    expect(double.requestsTo("POST", `/v1/checkout/sessions/${created.providerSessionId}/expire`)).toHaveLength(1);
    expect(await provider.retrieveCheckout(created.providerSessionId)).toMatchObject({ status: "expired" });
    expect(double.get(created.providerSessionId)?.url).toBeNull();
  });

  it("swallows Stripe's refusal to expire a session that is no longer open", async () => {
    const { providerSessionId } = await paidCheckout();
    await expect(provider.expireCheckout(providerSessionId)).resolves.toBeUndefined();
    const expire = double.requestsTo("POST", `/v1/checkout/sessions/${providerSessionId}/expire`);
    expect(expire).toHaveLength(1);

    const other = await provider.createCheckout(checkoutInput());
    double.expireSession(other.providerSessionId);
    await expect(provider.expireCheckout(other.providerSessionId)).resolves.toBeUndefined();
  });

  it("does not swallow other failures: an unknown session is a ProviderError", async () => {
    const error = await provider.expireCheckout("cs_test_unknown").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).cause).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(provider.retrieveCheckout("cs_test_unknown")).rejects.toThrow(/resource_missing/);
  });
});

describe("refund and transfer", () => {
  it("refunds a charge with the order in metadata and the idempotency key", async () => {
    const { chargeId } = await paidCheckout();
    const idempotencyKey = key("refund");
    const refund = await provider.refund({ chargeId, paymentIntentId: null, amountCents: 15698, orderId: ORDER_A, idempotencyKey });
    expect(refund.id).toMatch(/^re_/);

    const [request] = double.requestsTo("POST", "/v1/refunds");
    expect(request!.body).toEqual({ charge: chargeId, amount: "15698", reason: "requested_by_customer", metadata: { order_id: ORDER_A } });
    expect(request!.headers["idempotency-key"]).toBe(idempotencyKey);

    // Retried after a crash: the same refund, not a second one (which Stripe would refuse).
    const again = await provider.refund({ chargeId, paymentIntentId: null, amountCents: 15698, orderId: ORDER_A, idempotencyKey });
    expect(again.id).toBe(refund.id);
    expect(double.get(chargeId)).toMatchObject({ amount_refunded: 15698, refunded: true });

    // A new key would refund twice: Stripe refuses, the caller sees a ProviderError.
    await expect(
      provider.refund({ chargeId, paymentIntentId: null, amountCents: 100, orderId: ORDER_A, idempotencyKey: key("refund") }),
    ).rejects.toThrow(/charge_already_refunded/);
  });

  it("refunds through the payment intent when there is no charge id", async () => {
    const { paymentIntentId, chargeId } = await paidCheckout();
    await provider.refund({ chargeId: null, paymentIntentId, amountCents: 748, orderId: ORDER_A, idempotencyKey: key("refund") });
    const [request] = double.requestsTo("POST", "/v1/refunds");
    expect(request!.body).toMatchObject({ payment_intent: paymentIntentId, amount: "748" });
    expect(request!.body).not.toHaveProperty("charge");
    expect(double.get(chargeId)).toMatchObject({ amount_refunded: 748, refunded: false });
  });

  it("transfers the price to the seller's account from the buyer's charge", async () => {
    const { chargeId } = await paidCheckout();
    const account = await provider.createPayoutAccount({ userId: "s1", email: "verkoper@example.nl", country: "NL", idempotencyKey: key("account") });
    double.clear();
    const idempotencyKey = key("transfer");
    const transfer = await provider.transfer({
      amountCents: 14950,
      destination: account.providerAccountId,
      sourceTransaction: chargeId,
      transferGroup: `order_${ORDER_A}`,
      orderId: ORDER_A,
      idempotencyKey,
    });
    expect(transfer.id).toMatch(/^tr_/);
    const [request] = double.requestsTo("POST", "/v1/transfers");
    expect(request!.body).toEqual({
      amount: "14950",
      currency: "eur",
      destination: account.providerAccountId,
      source_transaction: chargeId,
      transfer_group: `order_${ORDER_A}`,
      metadata: { order_id: ORDER_A },
    });
    expect(request!.headers["idempotency-key"]).toBe(idempotencyKey);
  });

  it("leaves source_transaction out when there is none", async () => {
    double.setAccount("acct_seller_nosource", { payoutsEnabled: true, detailsSubmitted: true });
    await provider.transfer({
      amountCents: 500,
      destination: "acct_seller_nosource",
      sourceTransaction: null,
      transferGroup: "order_x",
      orderId: ORDER_B,
      idempotencyKey: key("transfer"),
    });
    expect(double.requestsTo("POST", "/v1/transfers")[0]!.body).not.toHaveProperty("source_transaction");
  });

  it("wraps Stripe's refusals in ProviderError, keeping the Stripe error as cause", async () => {
    double.setAccount("acct_seller_broke", { payoutsEnabled: true, detailsSubmitted: true });
    double.fail("/v1/transfers", 400, { type: "invalid_request_error", code: "balance_insufficient", message: "Insufficient funds" });
    const error = await provider
      .transfer({
        amountCents: 500,
        destination: "acct_seller_broke",
        sourceTransaction: null,
        transferGroup: "order_y",
        orderId: ORDER_B,
        idempotencyKey: key("transfer"),
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/transfers\.create.*balance_insufficient.*Insufficient funds/);
    const cause = (error as ProviderError).cause as InstanceType<typeof Stripe.errors.StripeError>;
    expect(cause).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(cause.code).toBe("balance_insufficient");
    expect(double.requestsTo("POST", "/v1/transfers")).toHaveLength(1); // a 400 is not retried
  });
});

describe("payout accounts", () => {
  it("creates a connected account with controller properties and the transfers capability", async () => {
    const idempotencyKey = key("account");
    const state = await provider.createPayoutAccount({ userId: "u-42", email: "verkoper@example.nl", country: "NL", idempotencyKey });
    expect(state).toEqual({ providerAccountId: expect.stringMatching(/^acct_/), detailsSubmitted: false, payoutsEnabled: false });

    const [request] = double.requestsTo("POST", "/v1/accounts");
    expect(request!.body).toEqual({
      country: "NL",
      email: "verkoper@example.nl",
      controller: { fees: { payer: "application" }, losses: { payments: "application" }, stripe_dashboard: { type: "express" } },
      capabilities: { transfers: { requested: "true" } },
      metadata: { user_id: "u-42" },
    });
    expect(request!.body).not.toHaveProperty("type");
    expect(request!.headers["idempotency-key"]).toBe(idempotencyKey);

    double.setAccount(state.providerAccountId, { payoutsEnabled: true, detailsSubmitted: true });
    expect(await provider.retrievePayoutAccount(state.providerAccountId)).toEqual({
      providerAccountId: state.providerAccountId,
      detailsSubmitted: true,
      payoutsEnabled: true,
    });
  });

  it("makes an onboarding link of type account_onboarding", async () => {
    const state = await provider.createPayoutAccount({ userId: "u-43", email: "v@example.nl", country: "NL", idempotencyKey: key("account") });
    const url = await provider.payoutOnboardingUrl({
      providerAccountId: state.providerAccountId,
      refreshUrl: "http://localhost:3000/account/payouts?refresh=1",
      returnUrl: "http://localhost:3000/account/payouts",
    });
    expect(url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/e\/acct_/);
    expect(double.requestsTo("POST", "/v1/account_links")[0]!.body).toEqual({
      account: state.providerAccountId,
      refresh_url: "http://localhost:3000/account/payouts?refresh=1",
      return_url: "http://localhost:3000/account/payouts",
      type: "account_onboarding",
    });
  });

  it("an unknown account is a ProviderError", async () => {
    await expect(provider.retrievePayoutAccount("acct_missing")).rejects.toBeInstanceOf(ProviderError);
  });
});

describe("verifyWebhook", () => {
  it("accepts a correctly signed event and hands back its id, type, object and time", async () => {
    const { session } = await paidCheckout();
    const event = stripeEvent("checkout.session.completed", session);
    const { body, signature } = signedWebhook(event, WEBHOOK_SECRET);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(provider.verifyWebhook(body, signature)).toEqual({
      id: event.id,
      type: "checkout.session.completed",
      object: session,
      created: event.created,
    });
    expect(event.id).toMatch(/^evt_/);
  });

  it("rejects a tampered body", () => {
    const event = stripeEvent("checkout.session.completed", { id: "cs_test_1", object: "checkout.session", amount_total: 15698 });
    const { body, signature } = signedWebhook(event, WEBHOOK_SECRET);
    const tampered = body.replace("15698", "1");
    expect(tampered).not.toBe(body);
    expect(() => provider.verifyWebhook(tampered, signature)).toThrow(WebhookSignatureError);
  });

  it("rejects a signature made with another secret", () => {
    const { body, signature } = signedWebhook(stripeEvent("charge.refunded", { id: "ch_1" }), "whsec_someone_else");
    expect(() => provider.verifyWebhook(body, signature)).toThrow(WebhookSignatureError);
  });

  it("accepts the Connect endpoint's secret too when one is configured, and nothing else", () => {
    const connect = "whsec_connect_endpoint_0123456789";
    const withConnect = createStripeProvider({ secretKey: "sk_test_kringwaar", webhookSecret: WEBHOOK_SECRET, connectWebhookSecret: connect, apiUrl: double.url });
    const event = stripeEvent("account.updated", { id: "acct_1", object: "account", payouts_enabled: true });
    const fromConnect = signedWebhook(event, connect);
    expect(withConnect.verifyWebhook(fromConnect.body, fromConnect.signature).id).toBe(event.id);
    const fromPlatform = signedWebhook(event, WEBHOOK_SECRET);
    expect(withConnect.verifyWebhook(fromPlatform.body, fromPlatform.signature).id).toBe(event.id);
    expect(() => provider.verifyWebhook(fromConnect.body, fromConnect.signature)).toThrow(WebhookSignatureError);
    const other = signedWebhook(event, "whsec_someone_else");
    expect(() => withConnect.verifyWebhook(other.body, other.signature)).toThrow(WebhookSignatureError);
  });

  it("rejects a delivery older than the 300 s tolerance (a replay) but accepts one just inside it", () => {
    const event = stripeEvent("checkout.session.expired", { id: "cs_test_2", object: "checkout.session" });
    const stale = signedWebhook(event, WEBHOOK_SECRET, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(() => provider.verifyWebhook(stale.body, stale.signature)).toThrow(WebhookSignatureError);
    const recent = signedWebhook(event, WEBHOOK_SECRET, { timestamp: Math.floor(Date.now() / 1000) - 240 });
    expect(provider.verifyWebhook(recent.body, recent.signature).id).toBe(event.id);
  });

  it("rejects a missing or malformed signature header", () => {
    const { body } = signedWebhook(stripeEvent("checkout.session.completed", { id: "cs_test_3" }), WEBHOOK_SECRET);
    expect(() => provider.verifyWebhook(body, null)).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(body, "")).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(body, "garbage")).toThrow(WebhookSignatureError);
  });

  it("rejects a correctly signed body that is not JSON", () => {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: "not json", secret: WEBHOOK_SECRET });
    expect(() => provider.verifyWebhook("not json", signature)).toThrow(WebhookSignatureError);
  });
});

// The app in Stripe mode (the real `stripe` SDK in our code against the local double,
// tests/support/stripe-double.ts): checkout through our endpoint, the webhook route
// (signatures, repeats, events in any order, the status check racing the webhook,
// asynchronous payment methods), two payments for one item, refunds and chargebacks
// made at Stripe, and the test provider's routes being gone.
import { describe, expect, it } from "vitest";
import { GET as adminDisputes } from "@/app/api/admin/disputes/route";
import { PUT as banRoute } from "@/app/api/admin/users/[id]/ban/route";
import { POST as cancelCheckoutRoute } from "@/app/api/payments/cancel-checkout/[sessionId]/route";
import { GET as checkoutStatus } from "@/app/api/payments/checkout-status/[sessionId]/route";
import { GET as testCheckoutView } from "@/app/api/payments/test-checkout/[sessionId]/route";
import { POST as testCheckoutAction } from "@/app/api/payments/test-checkout/[sessionId]/[action]/route";
import { GET as productRoute } from "@/app/api/products/[id]/route";
import { POST as cancelOrderRoute } from "@/app/api/transactions/[id]/cancel/route";
import { POST as webhookRoute } from "@/app/api/webhooks/stripe/route";
import { db } from "@/lib/platform/db/client";
import { runJobs } from "@/lib/domains/jobs";
import { checkLedger } from "@/lib/domains/orders/ledger";
import { countingBody } from "../../support/counting-body";
import { call } from "../../support/http";
import type { RegisteredUser } from "../../support/factories";
import { cartCheckout, checkout, orderRow, productOf } from "../../support/orders";
import { checkoutRow, deliver, payThroughWebhook, sendEvent, setupStripeMode, startStripeCheckout, webhookDelivery } from "../../support/stripe-mode";
import { signedWebhook, stripeEvent } from "../../support/stripe-double";

const stripe = setupStripeMode();

const PRICE = 14950;
/** 5 % of €149.50 is 747.5 cents: half up, 748. */
const FEE = 748;
const TOTAL = PRICE + FEE;

async function ledgerOf(orderId: string) {
  const rows = await db.ledgerEntry.findMany({ where: { orderId }, orderBy: { createdAt: "asc" } });
  return rows.map((row) => ({ kind: row.kind, amount: row.amountCents, ref: row.providerRef }));
}

/** Notifications of one event for a user, about one order when given. */
function notificationCount(userId: string, event: string, orderId?: string) {
  return db.notification.count({ where: { userId, event, ...(orderId ? { data: { path: ["orderId"], equals: orderId } } : {}) } });
}

async function productStatus(productId: string) {
  const product = await db.product.findUniqueOrThrow({ where: { id: productId } });
  return { status: product.status, reservedUntil: product.reservedUntil, deletedAt: product.deletedAt };
}

function statusOf(buyer: RegisteredUser, sessionId: string) {
  return call(checkoutStatus, { token: buyer.token, params: { sessionId } });
}

describe("checkout in Stripe mode", () => {
  it("creates a Stripe Checkout Session in cents with the fee line, the payment methods, expiry, transfer group, metadata and idempotency key", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Gazelle damesfiets");
    const before = Math.floor(Date.now() / 1000);

    const res = await checkout(buyer, productId);
    expect(res.status).toBe(200);
    const sessionId = res.body.session_id as string;
    expect(sessionId).toMatch(/^cs_test_/);
    expect(res.body.checkout_url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    expect(res.body.transaction_ids).toHaveLength(1);
    const orderId = res.body.transaction_ids[0] as string;

    const session = await checkoutRow(sessionId);
    expect(session).toMatchObject({ provider: "stripe", buyerId: buyer.id, amountTotalCents: TOTAL, status: "open", paymentStatus: "unpaid", checkoutUrl: res.body.checkout_url });
    expect(session.successUrl).toBe(`http://localhost:3000/payment-success?session_id=${sessionId}`);

    const requests = stripe.double.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    const body = request.body as any;
    expect(body.mode).toBe("payment");
    expect(body.currency).toBe("eur");
    expect(body.line_items).toEqual([
      {
        price_data: { currency: "eur", unit_amount: String(PRICE), product_data: { name: "Gazelle damesfiets", metadata: { order_id: orderId, kind: "item" } } },
        quantity: "1",
      },
      {
        price_data: {
          currency: "eur",
          unit_amount: String(FEE),
          product_data: { name: "Servicekosten Kringwaar (5%): Gazelle damesfiets", metadata: { order_id: orderId, kind: "fee" } },
        },
        quantity: "1",
      },
    ]);
    expect(body.allowed_payment_method_types).toEqual(["card", "ideal", "bancontact"]);
    expect(body).not.toHaveProperty("payment_method_types");
    const expiresAt = Number(body.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60 - 1);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60 + 1);
    expect(expiresAt).toBe(Math.floor(session.expiresAt.getTime() / 1000));
    expect(body.success_url).toBe("http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}");
    expect(body.cancel_url).toBe("http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}&cancelled=1");
    expect(body.customer_email).toBe(buyer.email);
    expect(body.client_reference_id).toBe(session.id);
    expect(body.metadata).toEqual({ checkout_id: session.id, order_ids: orderId, buyer_id: buyer.id });
    expect(body.payment_intent_data).toEqual({
      transfer_group: `checkout_${session.id}`,
      metadata: { checkout_id: session.id, order_ids: orderId },
    });
    expect(request.headers["idempotency-key"]).toBe(`checkout-${session.id}`);
    expect(request.headers.authorization).toBe("Bearer sk_test_kringwaar");

    expect(stripe.double.get(sessionId)).toMatchObject({ amount_total: TOTAL, status: "open", payment_status: "unpaid" });
    expect((await orderRow(orderId)).status).toBe("pending");
    expect((await productStatus(productId)).status).toBe("reserved");
  });

  it("a cart checkout is one session with an item and a fee line per product and all order ids", async () => {
    const buyer = await stripe.newBuyer();
    const first = await productOf(stripe.seller, 2500, "Vintage platenspeler");
    const second = await productOf(stripe.seller, 999, "Leeslamp");
    const res = await cartCheckout(buyer, [first, second]);
    expect(res.status).toBe(200);
    const ids = res.body.transaction_ids as string[];
    expect(ids).toHaveLength(2);
    const [request] = stripe.double.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
    const body = request!.body as any;
    expect(body.line_items.map((line: any) => [line.price_data.unit_amount, line.price_data.product_data.metadata.kind])).toEqual([
      ["2500", "item"],
      ["125", "fee"],
      ["999", "item"],
      // 49.95 cents, half up
      ["50", "fee"],
    ]);
    expect(body.metadata.order_ids).toBe(ids.join(","));
    expect(stripe.double.get(res.body.session_id)).toMatchObject({ amount_total: 2500 + 125 + 999 + 50 });
  });

  it("a provider failure answers 503 and gives the product back at once", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Eiken eettafel");
    stripe.double.fail("/v1/checkout/sessions", 400, { type: "invalid_request_error", message: "Your account cannot currently make live charges." });

    const res = await checkout(buyer, productId);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ detail: "Failed to create payment", code: "provider_error" });

    expect(await productStatus(productId)).toEqual({ status: "available", reservedUntil: null, deletedAt: null });
    expect(await db.order.count({ where: { productId, status: "pending" } })).toBe(0);
    const orders = await db.order.findMany({ where: { productId }, include: { checkoutSession: true } });
    expect(orders).toHaveLength(1);
    expect(orders[0]!.status).toBe("cancelled");
    expect(orders[0]!.checkoutSession).toMatchObject({ providerSessionId: null, paymentStatus: "failed" });
    expect((await call(productRoute, { params: { id: productId } })).body.status).toBe("available");

    // Nothing holds the item: the same buyer (or anyone) can try again.
    const again = await checkout(buyer, productId);
    expect(again.status).toBe(200);
    expect(again.body.checkout_url).toBe(`https://checkout.stripe.test/c/pay/${again.body.session_id}`);
  });

  it("a 5xx is retried by the SDK with the same idempotency key: one session", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Bakfiets");
    stripe.double.fail("/v1/checkout/sessions", 500);
    const res = await checkout(buyer, productId);
    expect(res.status).toBe(200);
    const requests = stripe.double.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
    expect(requests).toHaveLength(2);
    const session = await checkoutRow(res.body.session_id);
    expect(requests.map((r) => r.headers["idempotency-key"])).toEqual([`checkout-${session.id}`, `checkout-${session.id}`]);
  });

  it("the test provider's routes answer 404 while Stripe is configured", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Stoel");
    const started = await startStripeCheckout(buyer, productId);

    const view = await call(testCheckoutView, { token: buyer.token, params: { sessionId: started.sessionId } });
    expect(view.status).toBe(404);
    const pay = await call(testCheckoutAction, {
      token: buyer.token,
      method: "POST",
      headers: { accept: "application/json" },
      params: { sessionId: started.sessionId, action: "pay" },
    });
    expect(pay.status).toBe(404);
    expect((await orderRow(started.orderId)).status).toBe("pending");
    expect(await db.ledgerEntry.count({ where: { orderId: started.orderId } })).toBe(0);
  });
});

describe("POST /api/webhooks/stripe: signatures", () => {
  it("accepts only the exact signed body with a fresh timestamp; rejections change nothing", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Racefiets");
    const started = await startStripeCheckout(buyer, productId);
    const { session } = stripe.double.completeSession(started.sessionId);
    const eventId = "evt_signature_test_0001";

    // Tampered: the body no longer matches its signature.
    const genuine = webhookDelivery("checkout.session.completed", session, { id: eventId });
    const tamperedBody = genuine.body.replace(`"amount_total": ${TOTAL}`, `"amount_total": 1`);
    expect(tamperedBody).not.toBe(genuine.body);
    const tampered = await deliver({ body: tamperedBody, signature: genuine.signature });
    expect(tampered.status).toBe(400);
    expect(tampered.body).toMatchObject({ detail: "Invalid signature" });

    // Stale: signed more than 300 s ago (a replayed old delivery).
    const stale = webhookDelivery("checkout.session.completed", session, { id: eventId, timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect((await deliver(stale)).status).toBe(400);

    // Signed with another secret.
    const foreign = signedWebhook(stripeEvent("checkout.session.completed", session, eventId), "whsec_someone_else_0123456789");
    expect((await deliver(foreign)).status).toBe(400);

    // No Stripe-Signature header at all.
    const missing = await call(webhookRoute, { method: "POST", path: "/api/webhooks/stripe", body: genuine.body, headers: { "content-type": "application/json" } });
    expect(missing.status).toBe(400);

    expect((await orderRow(started.orderId)).status).toBe("pending");
    expect((await productStatus(productId)).status).toBe("reserved");
    expect(await db.webhookEvent.count()).toBe(0);
    expect(await db.ledgerEntry.count({ where: { orderId: started.orderId } })).toBe(0);
    expect(await notificationCount(buyer.id, "order.paid")).toBe(0);

    // The genuine delivery (within the tolerance) is accepted.
    const ok = await deliver(genuine);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ received: true });
    expect((await orderRow(started.orderId)).status).toBe("held");
    expect(await db.webhookEvent.findUnique({ where: { id: eventId } })).toMatchObject({ provider: "stripe", type: "checkout.session.completed" });
  });

  it("refuses a 9 MB unsigned body with 413 before reading it whole (streamed) or at all (Content-Length)", async () => {
    const chunk = 64 * 1024;
    const flood = (total: number) => countingBody(total, chunk);
    const post = (body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
      webhookRoute(
        new Request("http://localhost:3000/api/webhooks/stripe", {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00", ...headers },
          body,
          duplex: "half",
        } as RequestInit),
      );

    const events = await db.webhookEvent.count();
    const streamed = flood(9 * 1024 * 1024);
    const res = await post(streamed.stream);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: "Request body too large (at most 256 KB)", code: "body_too_large" });
    expect(streamed.pulled()).toBeLessThanOrEqual(256 * 1024 + 2 * chunk);

    const declared = flood(9 * 1024 * 1024);
    expect((await post(declared.stream, { "content-length": String(9 * 1024 * 1024) })).status).toBe(413);
    expect(declared.pulled()).toBeLessThanOrEqual(chunk);
    expect(await db.webhookEvent.count()).toBe(events);
  });
});

describe("POST /api/webhooks/stripe: checkout events", () => {
  it("checkout.session.completed holds the order; the same event delivered twice has its effects once", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Kinderfiets");
    const started = await startStripeCheckout(buyer, productId);
    const completed = stripe.double.completeSession(started.sessionId);
    const delivery = webhookDelivery("checkout.session.completed", completed.session);

    const first = await deliver(delivery);
    const second = await deliver(delivery);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);

    const order = await orderRow(started.orderId);
    expect(order).toMatchObject({ status: "held", deliveryStatus: "pending" });
    expect(order.paidAt).not.toBeNull();
    expect(order.pickupCode).toMatch(/^\d{6}$/);
    expect(await productStatus(productId)).toMatchObject({ status: "sold", reservedUntil: null });
    expect(await checkoutRow(started.sessionId)).toMatchObject({ status: "complete", paymentStatus: "paid", paymentIntentId: completed.paymentIntentId });

    expect(await ledgerOf(started.orderId)).toEqual([{ kind: "buyer_payment", amount: TOTAL, ref: completed.paymentIntentId }]);
    expect(await notificationCount(buyer.id, "order.paid")).toBe(1);
    expect(await notificationCount(stripe.seller.id, "order.sold", started.orderId)).toBe(1);
    expect(await db.webhookEvent.count({ where: { id: delivery.event.id } })).toBe(1);
    // Nothing went back to the buyer.
    expect(stripe.double.requestsTo("POST", "/v1/refunds")).toHaveLength(0);
    expect(await checkLedger([started.orderId])).toEqual([]);
  });

  it("checkout.session.expired after checkout.session.completed leaves the order held", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Tafellamp");
    const paid = await payThroughWebhook(stripe.double, buyer, productId);

    const late = webhookDelivery("checkout.session.expired", { ...paid.session, status: "expired", url: null });
    const expired = await deliver(late);
    expect(expired.status).toBe(200);

    expect(await orderRow(paid.orderId)).toMatchObject({ status: "held", cancelledAt: null });
    expect((await productStatus(productId)).status).toBe("sold");
    expect(await checkoutRow(paid.sessionId)).toMatchObject({ status: "complete", paymentStatus: "paid" });
    expect(await ledgerOf(paid.orderId)).toHaveLength(1);
    expect(await db.webhookEvent.findUnique({ where: { id: late.event.id } })).toMatchObject({ type: "checkout.session.expired" });
    expect(await notificationCount(buyer.id, "order.refunded")).toBe(0);
    expect(stripe.double.requestsTo("POST", "/v1/refunds")).toHaveLength(0);
  });

  it("checkout.session.completed after expired (nobody else took the item): the payment is refunded in full through Stripe", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Boekenkast");
    const started = await startStripeCheckout(buyer, productId);
    const completed = stripe.double.completeSession(started.sessionId);

    // The expiry is processed first: the order is cancelled, the item is for sale again.
    await sendEvent("checkout.session.expired", { ...completed.session, status: "expired", payment_status: "unpaid", payment_intent: null, url: null });
    expect((await orderRow(started.orderId)).status).toBe("cancelled");
    expect(await productStatus(productId)).toMatchObject({ status: "available", reservedUntil: null });

    // Then the payment arrives for an order that no longer holds the item.
    await sendEvent("checkout.session.completed", completed.session);

    const order = await orderRow(started.orderId);
    expect(order.status).toBe("refunded");
    expect(order.paidAt).not.toBeNull();
    expect(order.refundedAt).not.toBeNull();
    expect((await productStatus(productId)).status).toBe("available");

    const refunds = stripe.double.requestsTo("POST", "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.headers["idempotency-key"]).toBe(`refund-${started.orderId}`);
    expect(refunds[0]!.body).toMatchObject({ payment_intent: completed.paymentIntentId, amount: String(TOTAL), metadata: { order_id: started.orderId } });
    expect(stripe.double.get(completed.chargeId)).toMatchObject({ amount_refunded: TOTAL, refunded: true });

    const ledger = await ledgerOf(started.orderId);
    expect(ledger).toEqual([
      { kind: "buyer_payment", amount: TOTAL, ref: completed.paymentIntentId },
      { kind: "buyer_refund", amount: TOTAL, ref: expect.stringMatching(/^re_/) },
    ]);
    expect(stripe.double.get(ledger[1]!.ref!)).toMatchObject({ object: "refund", amount: TOTAL, charge: completed.chargeId });
    expect(await notificationCount(buyer.id, "order.refunded")).toBe(1);
    expect(await notificationCount(buyer.id, "order.paid")).toBe(0);
    expect(await checkLedger([started.orderId])).toEqual([]);
  });

  it("the redirect's status check before the webhook fulfils from Stripe's session; the late webhook changes nothing", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Fauteuil");
    const started = await startStripeCheckout(buyer, productId);
    const completed = stripe.double.completeSession(started.sessionId);

    const status = await statusOf(buyer, started.sessionId);
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      session_id: started.sessionId,
      status: "complete",
      payment_status: "paid",
      amount_total: TOTAL,
      currency: "eur",
      transaction_id: started.orderId,
      transaction_ids: [started.orderId],
      checkout_url: null,
      products: [{ id: productId, title: "Fauteuil" }],
    });
    const retrieves = stripe.double.requestsTo("GET", `/v1/checkout/sessions/${started.sessionId}`);
    expect(retrieves).toHaveLength(1);
    expect(retrieves[0]!.body).toEqual({ expand: ["payment_intent.latest_charge"] });
    expect(await checkoutRow(started.sessionId)).toMatchObject({ paymentStatus: "paid", paymentIntentId: completed.paymentIntentId, chargeId: completed.chargeId });
    expect((await orderRow(started.orderId)).status).toBe("held");

    const late = await sendEvent("checkout.session.completed", completed.session);
    expect(await db.webhookEvent.count({ where: { id: late.event.id } })).toBe(1);
    expect((await orderRow(started.orderId)).status).toBe("held");
    expect(await ledgerOf(started.orderId)).toEqual([{ kind: "buyer_payment", amount: TOTAL, ref: completed.chargeId }]);
    expect(await notificationCount(buyer.id, "order.paid")).toBe(1);
    expect(await notificationCount(stripe.seller.id, "order.sold", started.orderId)).toBe(1);
    expect(stripe.double.requestsTo("POST", "/v1/refunds")).toHaveLength(0);
  });

  it("the webhook before the status check: the status check reads our row and fulfils nothing twice", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Wandkast");
    const paid = await payThroughWebhook(stripe.double, buyer, productId);
    stripe.double.clear();

    const status = await statusOf(buyer, paid.sessionId);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ status: "complete", payment_status: "paid", amount_total: TOTAL, transaction_id: paid.orderId });
    // Already paid: no need to ask Stripe.
    expect(stripe.double.requestsTo("GET", "/v1/checkout/sessions")).toHaveLength(0);
    expect((await orderRow(paid.orderId)).status).toBe("held");
    expect(await ledgerOf(paid.orderId)).toHaveLength(1);
    expect(await notificationCount(buyer.id, "order.paid")).toBe(1);
  });

  it("an asynchronous payment: completed but unpaid changes nothing; async_payment_succeeded holds the order", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Dressoir");
    const started = await startStripeCheckout(buyer, productId);
    const completed = stripe.double.completeSession(started.sessionId, { paymentStatus: "unpaid" });
    expect(completed.session).toMatchObject({ status: "complete", payment_status: "unpaid" });

    const first = await sendEvent("checkout.session.completed", completed.session);
    expect(await db.webhookEvent.count({ where: { id: first.event.id } })).toBe(1);
    expect((await orderRow(started.orderId)).status).toBe("pending");
    expect((await productStatus(productId)).status).toBe("reserved");
    expect(await checkoutRow(started.sessionId)).toMatchObject({ paymentStatus: "unpaid" });
    expect(await db.ledgerEntry.count({ where: { orderId: started.orderId } })).toBe(0);

    // The status check while the payment is underway: still unpaid, nothing changes.
    const status = await statusOf(buyer, started.sessionId);
    expect(status.status).toBe(200);
    expect(status.body.payment_status).toBe("unpaid");
    expect((await orderRow(started.orderId)).status).toBe("pending");

    await sendEvent("checkout.session.async_payment_succeeded", { ...completed.session, payment_status: "paid" });
    expect((await orderRow(started.orderId)).status).toBe("held");
    expect((await productStatus(productId)).status).toBe("sold");
    expect(await ledgerOf(started.orderId)).toEqual([{ kind: "buyer_payment", amount: TOTAL, ref: completed.paymentIntentId }]);
    expect(await notificationCount(buyer.id, "order.paid")).toBe(1);
  });

  it("an asynchronous payment that fails cancels the order and gives the product back", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Hanglamp");
    const started = await startStripeCheckout(buyer, productId);
    const completed = stripe.double.completeSession(started.sessionId, { paymentStatus: "unpaid" });

    await sendEvent("checkout.session.completed", completed.session);
    expect((await orderRow(started.orderId)).status).toBe("pending");

    await sendEvent("checkout.session.async_payment_failed", completed.session);
    const order = await orderRow(started.orderId);
    expect(order.status).toBe("cancelled");
    expect(order.cancelledAt).not.toBeNull();
    expect(await productStatus(productId)).toEqual({ status: "available", reservedUntil: null, deletedAt: null });
    expect(await checkoutRow(started.sessionId)).toMatchObject({ status: "complete", paymentStatus: "failed" });
    expect(await db.ledgerEntry.count({ where: { orderId: started.orderId } })).toBe(0);

    const status = await statusOf(buyer, started.sessionId);
    expect(status.body).toMatchObject({ status: "complete", payment_status: "failed" });
  });
});

describe("payments that must not be fulfilled", () => {
  it("a completed event whose amount differs from the checkout's is refunded and flagged, not held", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Dubbel geprijsde kast");
    const started = await startStripeCheckout(buyer, productId);
    const completed = stripe.double.completeSession(started.sessionId);
    const paidMore = TOTAL + 4500;

    await sendEvent("checkout.session.completed", { ...completed.session, amount_total: paidMore });

    const order = await orderRow(started.orderId);
    expect(order).toMatchObject({ status: "refunded", flaggedForAdmin: true, pickupCode: null });
    expect(await productStatus(productId)).toMatchObject({ status: "available", reservedUntil: null });
    const refunds = stripe.double.requestsTo("POST", "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.body).toMatchObject({ payment_intent: completed.paymentIntentId, amount: String(TOTAL) });
    expect(await ledgerOf(started.orderId)).toEqual([
      { kind: "buyer_payment", amount: TOTAL, ref: completed.paymentIntentId },
      { kind: "buyer_refund", amount: TOTAL, ref: expect.stringMatching(/^re_/) },
    ]);
    expect(await checkLedger([started.orderId])).toEqual([]);
    expect(await notificationCount(buyer.id, "order.paid")).toBe(0);
    expect(await notificationCount(buyer.id, "order.refunded", started.orderId)).toBe(1);
    expect(await notificationCount(stripe.seller.id, "order.sold", started.orderId)).toBe(0);
    expect(await notificationCount(stripe.admin.id, "admin.payment_mismatch", started.orderId)).toBe(1);
    const admin = await db.notification.findFirstOrThrow({ where: { userId: stripe.admin.id, event: "admin.payment_mismatch" } });
    expect(admin.message).toMatch(/201,98 binnen in plaats van €\s156,98/);
    // A repeat of the event changes nothing.
    await sendEvent("checkout.session.completed", { ...completed.session, amount_total: paidMore });
    expect(stripe.double.requestsTo("POST", "/v1/refunds")).toHaveLength(1);
  });

  it("a ban of the seller ends the open Stripe checkout; a payment made just before it is refunded", async () => {
    const seller = await stripe.newBuyer();
    const buyer = await stripe.newBuyer();
    const productId = await productOf(seller, PRICE, "Kast van een verbannen verkoper");
    const started = await startStripeCheckout(buyer, productId);
    const other = await startStripeCheckout(await stripe.newBuyer(), await productOf(seller, 1000, "Tweede kast"));
    // One buyer had already paid on Stripe's page; the webhook is still on its way.
    const completed = stripe.double.completeSession(started.sessionId);

    const banned = await call(banRoute, { token: stripe.admin.token, method: "PUT", params: { id: seller.id }, json: { category: "scam", facts: "Test.", rule: "Test." } });
    expect(banned.status).toBe(200);
    // The unpaid one is ended at Stripe and here.
    expect(stripe.double.requestsTo("POST", `/v1/checkout/sessions/${other.sessionId}/expire`)).toHaveLength(1);
    expect(stripe.double.get(other.sessionId)).toMatchObject({ status: "expired" });
    expect((await orderRow(other.orderId)).status).toBe("cancelled");

    await sendEvent("checkout.session.completed", completed.session);
    const order = await orderRow(started.orderId);
    expect(order.status).toBe("refunded");
    expect(stripe.double.requestsTo("POST", "/v1/refunds")).toHaveLength(1);
    expect(await ledgerOf(started.orderId)).toEqual([
      { kind: "buyer_payment", amount: TOTAL, ref: completed.paymentIntentId },
      { kind: "buyer_refund", amount: TOTAL, ref: expect.stringMatching(/^re_/) },
    ]);
    expect(await checkLedger([started.orderId, other.orderId])).toEqual([]);
    expect(await notificationCount(seller.id, "order.sold")).toBe(0);
  });

  it("a completed event for a banned seller's checkout that was not ended is refunded, not held", async () => {
    const seller = await stripe.newBuyer();
    const buyer = await stripe.newBuyer();
    const productId = await productOf(seller, PRICE, "Stoel van een geblokkeerde");
    const started = await startStripeCheckout(buyer, productId);
    const completed = stripe.double.completeSession(started.sessionId);
    await db.user.update({ where: { id: seller.id }, data: { isBanned: true } });

    await sendEvent("checkout.session.completed", completed.session);
    expect(await orderRow(started.orderId)).toMatchObject({ status: "refunded", pickupCode: null });
    expect(await productStatus(productId)).toMatchObject({ status: "available", reservedUntil: null });
    expect(stripe.double.requestsTo("POST", "/v1/refunds")).toHaveLength(1);
    expect(await checkLedger([started.orderId])).toEqual([]);
  });
});

describe("racing deliveries", () => {
  it("the same event delivered twice at once has its effects once", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Klapstoel");
    const started = await startStripeCheckout(buyer, productId);
    const completed = stripe.double.completeSession(started.sessionId);
    const delivery = webhookDelivery("checkout.session.completed", completed.session);

    const answers = await Promise.all([deliver(delivery), deliver(delivery), deliver(delivery)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await orderRow(started.orderId)).status).toBe("held");
    expect(await ledgerOf(started.orderId)).toHaveLength(1);
    expect(await notificationCount(buyer.id, "order.paid")).toBe(1);
    expect(await notificationCount(stripe.seller.id, "order.sold", started.orderId)).toBe(1);
    expect(await db.webhookEvent.count({ where: { id: delivery.event.id } })).toBe(1);
  });

  it("the status check and the webhook at the same moment fulfil once", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Bureaustoel");
    const started = await startStripeCheckout(buyer, productId);
    const completed = stripe.double.completeSession(started.sessionId);

    const [status, hook] = await Promise.all([
      statusOf(buyer, started.sessionId),
      deliver(webhookDelivery("checkout.session.completed", completed.session)),
    ]);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ status: "complete", payment_status: "paid" });
    expect(hook.status).toBe(200);
    const order = await orderRow(started.orderId);
    expect(order.status).toBe("held");
    expect(await ledgerOf(started.orderId)).toEqual([{ kind: "buyer_payment", amount: TOTAL, ref: expect.stringMatching(/^(ch|pi)_/) }]);
    expect(await notificationCount(buyer.id, "order.paid")).toBe(1);
  });

  it("an event for a session that is not ours is recorded and answered 200", async () => {
    const foreign = {
      id: "cs_test_not_ours_0123456789",
      object: "checkout.session",
      status: "complete",
      payment_status: "paid",
      amount_total: 1234,
      payment_intent: "pi_not_ours",
      client_reference_id: null,
      metadata: { checkout_id: "not-a-uuid" },
    };
    const delivery = await sendEvent("checkout.session.completed", foreign);
    expect(await db.webhookEvent.count({ where: { id: delivery.event.id } })).toBe(1);
    expect(stripe.double.requestsTo("POST", "/v1/refunds")).toHaveLength(0);
  });
});

describe("the buyer leaves Stripe's page", () => {
  it("cancel-checkout expires the session at Stripe and gives the product back", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Kapstok");
    const started = await startStripeCheckout(buyer, productId);

    const res = await call(cancelCheckoutRoute, { token: buyer.token, method: "POST", params: { sessionId: started.sessionId } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "expired", payment_status: "unpaid", transaction_id: started.orderId });
    expect(stripe.double.requestsTo("POST", `/v1/checkout/sessions/${started.sessionId}/expire`)).toHaveLength(1);
    expect(stripe.double.get(started.sessionId)).toMatchObject({ status: "expired", url: null });
    expect((await orderRow(started.orderId)).status).toBe("cancelled");
    expect(await productStatus(productId)).toEqual({ status: "available", reservedUntil: null, deletedAt: null });

    // Stripe's expired event follows; it changes nothing more.
    await sendEvent("checkout.session.expired", stripe.double.get(started.sessionId)!);
    expect((await orderRow(started.orderId)).status).toBe("cancelled");
  });

  it("a cancel that comes after the payment went through keeps the paid order", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Schemerlamp");
    const started = await startStripeCheckout(buyer, productId);
    const completed = stripe.double.completeSession(started.sessionId);

    const res = await call(cancelCheckoutRoute, { token: buyer.token, method: "POST", params: { sessionId: started.sessionId } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "complete", payment_status: "paid" });
    expect((await orderRow(started.orderId)).status).toBe("held");
    expect(await checkoutRow(started.sessionId)).toMatchObject({ chargeId: completed.chargeId });
    expect(stripe.double.requestsTo("POST", "/v1/refunds")).toHaveLength(0);
  });

  it("cancelling the order after paying at Stripe is refused (409); the order stays held", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Wasmand");
    const started = await startStripeCheckout(buyer, productId);
    stripe.double.completeSession(started.sessionId);

    const res = await call(cancelOrderRoute, { token: buyer.token, method: "POST", params: { id: started.orderId } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "invalid_state" });
    expect((await orderRow(started.orderId)).status).toBe("held");
    expect((await productStatus(productId)).status).toBe("sold");
  });

  it("when Stripe cannot be reached, the status check and the cancel answer 503 and change nothing", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Krukje");
    const started = await startStripeCheckout(buyer, productId);

    stripe.double.fail(`/v1/checkout/sessions/${started.sessionId}`, 401, { type: "invalid_request_error", message: "Invalid API Key provided" });
    const status = await statusOf(buyer, started.sessionId);
    expect(status.status).toBe(503);
    expect(status.body).toMatchObject({ detail: "Error checking payment status", code: "provider_error" });

    stripe.double.fail(`/v1/checkout/sessions/${started.sessionId}/expire`, 401, { type: "invalid_request_error", message: "Invalid API Key provided" });
    const cancel = await call(cancelCheckoutRoute, { token: buyer.token, method: "POST", params: { sessionId: started.sessionId } });
    expect(cancel.status).toBe(503);
    expect(cancel.body).toMatchObject({ detail: "Failed to cancel the payment", code: "provider_error" });

    expect((await orderRow(started.orderId)).status).toBe("pending");
    expect((await productStatus(productId)).status).toBe("reserved");
    expect(stripe.double.get(started.sessionId)).toMatchObject({ status: "open" });
    // Someone else's session is not found, whatever Stripe says.
    const stranger = await stripe.newBuyer();
    expect((await statusOf(stranger, started.sessionId)).status).toBe(404);
  });

  it("checking out the same product again ends the buyer's earlier session at Stripe", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Plantenbak");
    const first = await startStripeCheckout(buyer, productId);
    const second = await startStripeCheckout(buyer, productId);

    expect(second.sessionId).not.toBe(first.sessionId);
    expect(stripe.double.requestsTo("POST", `/v1/checkout/sessions/${first.sessionId}/expire`)).toHaveLength(1);
    expect(stripe.double.get(first.sessionId)).toMatchObject({ status: "expired" });
    expect((await orderRow(first.orderId)).status).toBe("cancelled");
    expect((await orderRow(second.orderId)).status).toBe("pending");
    expect((await productStatus(productId)).status).toBe("reserved");
  });
});

describe("two payments for one product", () => {
  it("A's reservation lapses, B checks out, both pay: B's order is held, A is refunded in full through Stripe", async () => {
    const buyerA = await stripe.newBuyer();
    const buyerB = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Gazelle herenfiets");

    const a = await startStripeCheckout(buyerA, productId);
    // A's checkout and reservation run out...
    await db.checkoutSession.update({ where: { id: a.checkoutId }, data: { expiresAt: new Date(Date.now() - 10 * 60_000) } });
    await db.product.update({ where: { id: productId }, data: { reservedUntil: new Date(Date.now() - 60_000) } });
    // ...but A paid at the very last moment; the webhook is on its way.
    const paidA = stripe.double.completeSession(a.sessionId);

    const b = await startStripeCheckout(buyerB, productId);
    expect(b.orderId).not.toBe(a.orderId);
    expect((await orderRow(a.orderId)).status).toBe("cancelled");
    expect((await productStatus(productId)).status).toBe("reserved");
    // B's checkout tried to end A's session at Stripe; it was no longer open.
    expect(stripe.double.requestsTo("POST", `/v1/checkout/sessions/${a.sessionId}/expire`)).toHaveLength(1);
    expect(stripe.double.get(a.sessionId)).toMatchObject({ status: "complete", payment_status: "paid" });

    const paidB = stripe.double.completeSession(b.sessionId);
    const [resA, resB] = await Promise.all([
      deliver(webhookDelivery("checkout.session.completed", paidA.session)),
      deliver(webhookDelivery("checkout.session.completed", paidB.session)),
    ]);
    expect(resA.status).toBe(200);
    expect(resB.status).toBe(200);

    expect(await orderRow(b.orderId)).toMatchObject({ status: "held", buyerId: buyerB.id });
    expect(await orderRow(a.orderId)).toMatchObject({ status: "refunded", buyerId: buyerA.id });
    const orders = await db.order.findMany({ where: { productId } });
    expect(orders.filter((o) => o.status === "held")).toHaveLength(1);
    expect((await productStatus(productId)).status).toBe("sold");

    const refunds = stripe.double.requestsTo("POST", "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.headers["idempotency-key"]).toBe(`refund-${a.orderId}`);
    expect(refunds[0]!.body).toMatchObject({ payment_intent: paidA.paymentIntentId, amount: String(a.total) });
    expect(a.total).toBe(TOTAL);
    expect(stripe.double.get(paidA.chargeId)).toMatchObject({ amount_refunded: TOTAL, refunded: true });
    expect(stripe.double.get(paidB.chargeId)).toMatchObject({ amount_refunded: 0, refunded: false });

    expect(await ledgerOf(a.orderId)).toEqual([
      { kind: "buyer_payment", amount: TOTAL, ref: paidA.paymentIntentId },
      { kind: "buyer_refund", amount: TOTAL, ref: expect.stringMatching(/^re_/) },
    ]);
    expect(await ledgerOf(b.orderId)).toEqual([{ kind: "buyer_payment", amount: TOTAL, ref: paidB.paymentIntentId }]);
    expect(await notificationCount(buyerA.id, "order.refunded")).toBe(1);
    expect(await notificationCount(buyerB.id, "order.paid")).toBe(1);
    expect(await checkLedger()).toEqual([]);
  });
});

describe("events made at Stripe", () => {
  it("charge.refunded (a full refund in the Dashboard) ends the escrow: refunded, ledger row external:..., product available", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Ladekast");
    const paid = await payThroughWebhook(stripe.double, buyer, productId);
    const charge = stripe.double.get(paid.chargeId)!;

    // A partial refund is not the end of the escrow.
    await sendEvent("charge.refunded", { ...charge, amount_refunded: 500, refunded: false });
    expect((await orderRow(paid.orderId)).status).toBe("held");

    const full = webhookDelivery("charge.refunded", { ...charge, amount_refunded: TOTAL, refunded: true });
    expect((await deliver(full)).status).toBe(200);
    expect((await deliver(full)).status).toBe(200);

    const order = await orderRow(paid.orderId);
    expect(order.status).toBe("refunded");
    expect(order.refundedAt).not.toBeNull();
    expect(await ledgerOf(paid.orderId)).toEqual([
      { kind: "buyer_payment", amount: TOTAL, ref: paid.paymentIntentId },
      { kind: "buyer_refund", amount: TOTAL, ref: `external:${paid.chargeId}` },
    ]);
    expect(await productStatus(productId)).toMatchObject({ status: "available", deletedAt: null });
    expect(await notificationCount(buyer.id, "order.refunded")).toBe(1);
    // Stripe already refunded it: we call nothing.
    expect(stripe.double.requestsTo("POST", "/v1/refunds")).toHaveLength(0);
    expect(await checkLedger([paid.orderId])).toEqual([]);
  });

  it("charge.dispute.created flags the order for the admins and lists it under GET /api/admin/disputes", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Spiegel");
    const paid = await payThroughWebhook(stripe.double, buyer, productId);

    const dispute = {
      id: "du_test_0123456789abcdef",
      object: "dispute",
      amount: TOTAL,
      currency: "eur",
      charge: paid.chargeId,
      payment_intent: paid.paymentIntentId,
      reason: "fraudulent",
      status: "needs_response",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      metadata: {},
    };
    const delivery = webhookDelivery("charge.dispute.created", dispute);
    expect((await deliver(delivery)).status).toBe(200);
    expect((await deliver(delivery)).status).toBe(200);

    const order = await orderRow(paid.orderId);
    expect(order).toMatchObject({ status: "held", flaggedForAdmin: true });
    expect(await notificationCount(stripe.admin.id, "admin.chargeback", paid.orderId)).toBe(1);

    const list = await call(adminDisputes, { token: stripe.admin.token, path: "/api/admin/disputes" });
    expect(list.status).toBe(200);
    const listed = (list.body as any[]).find((o) => o.id === paid.orderId);
    expect(listed).toMatchObject({ status: "held", flagged_for_admin: true, buyer_id: buyer.id, seller_id: stripe.seller.id });
    expect(Number(list.headers.get("x-total-count"))).toBeGreaterThanOrEqual(1);

    expect((await call(adminDisputes, { token: buyer.token, path: "/api/admin/disputes" })).status).toBe(403);
  });

  it("a chargeback holds the payout: the job does not pay a flagged order", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Wandkleed");
    const paid = await payThroughWebhook(stripe.double, buyer, productId);
    await sendEvent("charge.dispute.created", { id: "du_test_hold", object: "dispute", charge: paid.chargeId, payment_intent: paid.paymentIntentId, amount: TOTAL });
    // Handed over long ago; the seller could be paid, were it not for the chargeback.
    await db.order.update({ where: { id: paid.orderId }, data: { deliveryStatus: "confirmed", autoReleaseAt: new Date(Date.now() - 60_000) } });
    const report = await runJobs(new Date());
    expect(report.payouts).toBe(0);
    expect(report.payouts_waiting).toBe(0);
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "held", flaggedForAdmin: true });
    expect(stripe.double.requestsTo("POST", "/v1/transfers").filter((r) => JSON.stringify(r.body).includes(paid.orderId))).toHaveLength(0);
  });

  it("a full refund at Stripe after the seller was paid flags the order for the admins", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Staande klok");
    const paid = await payThroughWebhook(stripe.double, buyer, productId);
    // As the job leaves it after paying the seller (status and ledger).
    const done = await db.order.update({ where: { id: paid.orderId }, data: { status: "completed", deliveryStatus: "confirmed", completedAt: new Date() } });
    await db.ledgerEntry.createMany({
      data: [
        { orderId: done.id, kind: "seller_payout", amountCents: done.amountCents, providerRef: "tr_test_paid" },
        { orderId: done.id, kind: "platform_fee", amountCents: done.commissionCents, providerRef: "platform" },
      ],
    });
    const charge = stripe.double.get(paid.chargeId)!;
    await sendEvent("charge.refunded", { ...charge, amount_refunded: TOTAL, refunded: true });
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "completed", flaggedForAdmin: true });
    expect(await notificationCount(stripe.admin.id, "admin.chargeback", paid.orderId)).toBe(1);
  });

  it("events we do not act on are recorded once and answered 200", async () => {
    const delivery = webhookDelivery("payment_intent.created", { id: "pi_test_unused", object: "payment_intent" });
    expect((await deliver(delivery)).status).toBe(200);
    expect((await deliver(delivery)).status).toBe(200);
    expect(await db.webhookEvent.findUnique({ where: { id: delivery.event.id } })).toMatchObject({ type: "payment_intent.created" });
  });
});

describe("the books", () => {
  it("balance for every order of this file", async () => {
    expect(await checkLedger()).toEqual([]);
  });
});

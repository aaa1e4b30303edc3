// The escrow in Stripe mode (the real `stripe` SDK in our code against the local double,
// tests/support/stripe-double.ts): the job finding payments whose webhook was lost,
// seller payouts through Connect (onboarding, account.updated, transfers with the
// charge as source_transaction, one transfer however many job runs race), reversed
// transfers, refunds that fail and are retried with the same idempotency key, the
// seller's cancel and the automatic refund after 14 days.
import { describe, expect, it } from "vitest";
import { GET as adminDisputes } from "@/app/api/admin/disputes/route";
import { GET as checkoutStatus } from "@/app/api/payments/checkout-status/[sessionId]/route";
import { GET as payoutAccount } from "@/app/api/payouts/account/route";
import { POST as payoutOnboarding } from "@/app/api/payouts/onboarding/route";
import { POST as handoverRoute } from "@/app/api/transactions/[id]/handover/route";
import { POST as sellerCancelRoute } from "@/app/api/transactions/[id]/seller-cancel/route";
import { db } from "@/lib/platform/db/client";
import { runJobs } from "@/lib/domains/jobs";
import { checkLedger } from "@/lib/domains/orders/ledger";
import { call } from "../../support/http";
import { registerUser } from "../../support/factories";
import { cartCheckout, DAY, orderRow, productOf } from "../../support/orders";
import { checkoutRow, deliver, payThroughWebhook, sendEvent, setupStripeMode, startStripeCheckout, webhookDelivery } from "../../support/stripe-mode";

const stripe = setupStripeMode();

const PRICE = 14950;
const FEE = 748;
const TOTAL = PRICE + FEE;
const MINUTE = 60_000;

async function ledgerOf(orderId: string) {
  const rows = await db.ledgerEntry.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { kind: "asc" }] });
  return rows.map((row) => ({ kind: row.kind, amount: row.amountCents, ref: row.providerRef }));
}

function notificationCount(userId: string, event: string, orderId: string) {
  return db.notification.count({ where: { userId, event, data: { path: ["orderId"], equals: orderId } } });
}

/** The seller enters the buyer's pickup code: delivery confirmed, payout in 3 days. */
async function handOver(orderId: string) {
  const { pickupCode } = await orderRow(orderId);
  const res = await call(handoverRoute, { token: stripe.seller.token, params: { id: orderId }, json: { code: pickupCode } });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ status: "held", delivery_status: "confirmed" });
  return res.body;
}

/** Requests that really ran at the double (not answered from its idempotency cache). */
function executed(method: string, path: string) {
  return stripe.double.requestsTo(method, path).filter((r) => !r.replayed);
}

describe("the job and lost webhooks", () => {
  it("a checkout paid at Stripe whose webhook never came is fulfilled; an abandoned one is expired at Stripe and released", async () => {
    const buyer = await stripe.newBuyer();
    const paidProduct = await productOf(stripe.seller, PRICE, "Gazelle damesfiets");
    const abandonedProduct = await productOf(stripe.seller, 2500, "Vintage platenspeler");
    const paid = await startStripeCheckout(buyer, paidProduct);
    // Another buyer: one buyer's new checkout would replace their first (one open checkout each).
    const abandoned = await startStripeCheckout(await stripe.newBuyer(), abandonedProduct);
    const completed = stripe.double.completeSession(paid.sessionId);

    const report = await runJobs(new Date(Date.now() + 40 * MINUTE));
    expect(report.expired_checkouts).toBe(1);

    expect(await orderRow(paid.orderId)).toMatchObject({ status: "held", deliveryStatus: "pending" });
    expect(await checkoutRow(paid.sessionId)).toMatchObject({ paymentStatus: "paid", chargeId: completed.chargeId, paymentIntentId: completed.paymentIntentId });
    expect(await ledgerOf(paid.orderId)).toEqual([{ kind: "buyer_payment", amount: TOTAL, ref: completed.chargeId }]);
    expect((await db.product.findUniqueOrThrow({ where: { id: paidProduct } })).status).toBe("sold");

    expect((await orderRow(abandoned.orderId)).status).toBe("cancelled");
    expect((await db.product.findUniqueOrThrow({ where: { id: abandonedProduct } })).status).toBe("available");
    expect(stripe.double.requestsTo("POST", `/v1/checkout/sessions/${abandoned.sessionId}/expire`)).toHaveLength(1);
    expect(stripe.double.get(abandoned.sessionId)).toMatchObject({ status: "expired" });
    // The paid one was not expired.
    expect(stripe.double.requestsTo("POST", `/v1/checkout/sessions/${paid.sessionId}/expire`)).toHaveLength(0);
  });
});

/** The first seller's connected account, made by the onboarding test below. */
let accountId: string;

describe("payouts through Stripe Connect", () => {
  let orderId: string;
  let chargeId: string;
  let transferId: string;

  it("a seller without a payout account: the confirmed order waits and the seller is told once", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Eiken eettafel");
    const paid = await payThroughWebhook(stripe.double, buyer, productId);
    orderId = paid.orderId;
    chargeId = paid.chargeId;
    await handOver(orderId);

    const due = Date.now() + 3 * DAY + MINUTE;
    const first = await runJobs(new Date(due));
    expect(first).toMatchObject({ payouts: 0, payouts_waiting: 1 });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: "held", deliveryStatus: "confirmed" });
    expect(order.payoutBlockedAt).not.toBeNull();
    expect(await notificationCount(stripe.seller.id, "payout.account_needed", orderId)).toBe(1);
    expect(stripe.double.requestsTo("POST", "/v1/transfers")).toHaveLength(0);

    const second = await runJobs(new Date(due + MINUTE));
    expect(second).toMatchObject({ payouts: 0, payouts_waiting: 1 });
    expect(await notificationCount(stripe.seller.id, "payout.account_needed", orderId)).toBe(1);
    expect((await orderRow(orderId)).status).toBe("held");
    expect(await db.ledgerEntry.count({ where: { orderId, kind: { in: ["seller_payout", "platform_fee"] } } })).toBe(0);

    const account = await call(payoutAccount, { token: stripe.seller.token });
    expect(account.status).toBe(200);
    expect(account.body).toEqual({ provider: "stripe", required: true, connected: false, details_submitted: false, payouts_enabled: false });
  });

  it("onboarding creates a connected account (transfers capability, controller properties) and answers the Account Link", async () => {
    const res = await call(payoutOnboarding, { token: stripe.seller.token, method: "POST" });
    expect(res.status).toBe(200);

    const accounts = stripe.double.requestsTo("POST", "/v1/accounts");
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.headers["idempotency-key"]).toBe(`account-${stripe.seller.id}`);
    expect(accounts[0]!.body).toMatchObject({
      country: "NL",
      email: stripe.seller.email,
      controller: { fees: { payer: "application" }, losses: { payments: "application" }, stripe_dashboard: { type: "express" } },
      capabilities: { transfers: { requested: "true" } },
      metadata: { user_id: stripe.seller.id },
    });
    expect(accounts[0]!.body).not.toHaveProperty("type");

    const row = await db.payoutAccount.findUniqueOrThrow({ where: { userId: stripe.seller.id } });
    accountId = row.providerAccountId;
    expect(accountId).toMatch(/^acct_/);
    expect(row).toMatchObject({ provider: "stripe", detailsSubmitted: false, payoutsEnabled: false });

    const links = stripe.double.requestsTo("POST", "/v1/account_links");
    expect(links).toHaveLength(1);
    expect(links[0]!.body).toEqual({
      account: accountId,
      type: "account_onboarding",
      refresh_url: "http://localhost:3000/dashboard?tab=sales",
      return_url: "http://localhost:3000/dashboard?tab=sales",
    });
    expect(res.body.url).toMatch(new RegExp(`^https://connect\\.stripe\\.test/setup/e/${accountId}/`));

    const account = await call(payoutAccount, { token: stripe.seller.token });
    expect(account.body).toEqual({ provider: "stripe", required: true, connected: true, details_submitted: false, payouts_enabled: false });

    // Coming back for a fresh link reuses the account.
    const again = await call(payoutOnboarding, { token: stripe.seller.token, method: "POST" });
    expect(again.status).toBe(200);
    expect(stripe.double.requestsTo("POST", "/v1/accounts")).toHaveLength(1);
    expect(stripe.double.requestsTo("POST", "/v1/account_links")).toHaveLength(2);
  });

  it("account.updated with payouts enabled makes the account ready (read back from Stripe; retried when Stripe cannot answer)", async () => {
    const delivery = webhookDelivery("account.updated", stripe.double.setAccount(accountId, { payoutsEnabled: true, detailsSubmitted: true }));
    // Stripe cannot be asked for the account right now: 500, nothing recorded, Stripe redelivers.
    for (let i = 0; i < 3; i += 1) stripe.double.fail(`/v1/accounts/${accountId}`, 500);
    const failed = await deliver(delivery);
    expect(failed.status).toBe(500);
    expect(await db.webhookEvent.count({ where: { id: delivery.event.id } })).toBe(0);
    expect((await db.payoutAccount.findUniqueOrThrow({ where: { userId: stripe.seller.id } })).payoutsEnabled).toBe(false);

    const redelivered = await deliver(delivery);
    expect(redelivered.status).toBe(200);
    expect(stripe.double.requestsTo("GET", `/v1/accounts/${accountId}`)).toHaveLength(4);
    expect(await db.webhookEvent.count({ where: { id: delivery.event.id } })).toBe(1);
    const account = await call(payoutAccount, { token: stripe.seller.token });
    expect(account.body).toEqual({ provider: "stripe", required: true, connected: true, details_submitted: true, payouts_enabled: true });
  });

  it("the dashboard's payout status asks Stripe while payouts are not enabled (an early or lost account.updated)", async () => {
    const row = await db.payoutAccount.findUniqueOrThrow({ where: { userId: stripe.seller.id } });
    await db.payoutAccount.update({ where: { id: row.id }, data: { payoutsEnabled: false, detailsSubmitted: false } });
    const account = await call(payoutAccount, { token: stripe.seller.token });
    expect(account.body).toMatchObject({ connected: true, details_submitted: true, payouts_enabled: true });
    expect((await db.payoutAccount.findUniqueOrThrow({ where: { id: row.id } })).payoutsEnabled).toBe(true);
  });

  it("account.updated for an account that is not ours is recorded and changes nothing", async () => {
    const foreign = stripe.double.setAccount("acct_someoneelse0001", { payoutsEnabled: true, detailsSubmitted: true });
    const delivery = await sendEvent("account.updated", foreign);
    expect(await db.webhookEvent.count({ where: { id: delivery.event.id } })).toBe(1);
    expect(stripe.double.requestsTo("GET", "/v1/accounts/acct_someoneelse0001")).toHaveLength(0);
    expect(await db.payoutAccount.count({ where: { providerAccountId: "acct_someoneelse0001" } })).toBe(0);
  });

  it("an older account.updated retried late does not take payouts away again", async () => {
    // Stripe does not deliver events in order: the one from before onboarding finished
    // (payouts not yet enabled) arrives after the newer one.
    const older = { ...stripe.double.get(accountId)!, payouts_enabled: false, details_submitted: false };
    await sendEvent("account.updated", older, { created: Math.floor(Date.now() / 1000) - 120 });
    const account = await call(payoutAccount, { token: stripe.seller.token });
    expect(account.body).toMatchObject({ connected: true, details_submitted: true, payouts_enabled: true });
    expect(await db.payoutAccount.findUniqueOrThrow({ where: { userId: stripe.seller.id } })).toMatchObject({ payoutsEnabled: true, detailsSubmitted: true });
  });

  it("the next job run completes the order with a transfer from the charge to the seller's account", async () => {
    const report = await runJobs(new Date(Date.now() + 3 * DAY + 3 * MINUTE));
    expect(report).toMatchObject({ payouts: 1, payouts_waiting: 0 });

    const order = await orderRow(orderId);
    expect(order.status).toBe("completed");
    expect(order.completedAt).not.toBeNull();

    const transfers = stripe.double.requestsTo("POST", "/v1/transfers");
    expect(transfers).toHaveLength(1);
    const session = await db.checkoutSession.findFirstOrThrow({ where: { orders: { some: { id: orderId } } } });
    expect(transfers[0]!.headers["idempotency-key"]).toBe(`payout-${orderId}`);
    expect(transfers[0]!.body).toEqual({
      amount: String(PRICE),
      currency: "eur",
      destination: accountId,
      source_transaction: chargeId,
      transfer_group: `checkout_${session.id}`,
      metadata: { order_id: orderId },
    });
    // The completed event named only the payment intent; the charge was asked for once and kept.
    expect(session.chargeId).toBe(chargeId);

    const ledger = await ledgerOf(orderId);
    const payout = ledger.find((row) => row.kind === "seller_payout");
    expect(payout).toMatchObject({ amount: PRICE, ref: expect.stringMatching(/^tr_/) });
    transferId = payout!.ref!;
    expect(stripe.double.get(transferId)).toMatchObject({ object: "transfer", amount: PRICE, destination: accountId, source_transaction: chargeId });
    expect(ledger.find((row) => row.kind === "platform_fee")).toEqual({ kind: "platform_fee", amount: FEE, ref: "platform" });
    expect(ledger.find((row) => row.kind === "buyer_payment")).toMatchObject({ amount: TOTAL });
    expect(ledger).toHaveLength(3);
    expect(await notificationCount(stripe.seller.id, "payout.released", orderId)).toBe(1);
    expect(await checkLedger()).toEqual([]);

    // Later runs leave it alone.
    const later = await runJobs(new Date(Date.now() + 3 * DAY + 4 * MINUTE));
    expect(later).toMatchObject({ payouts: 0, retried_payouts: 0 });
    expect(stripe.double.requestsTo("POST", "/v1/transfers")).toHaveLength(1);
  });

  it("transfer.reversed flags the completed order for the admins", async () => {
    const transfer = stripe.double.get(transferId)!;
    await sendEvent("transfer.reversed", { ...transfer, amount_reversed: PRICE, reversed: true });

    expect(await orderRow(orderId)).toMatchObject({ status: "completed", flaggedForAdmin: true });
    expect(await notificationCount(stripe.admin.id, "admin.transfer_reversed", orderId)).toBe(1);
    const list = await call(adminDisputes, { token: stripe.admin.token, path: "/api/admin/disputes" });
    expect(list.status).toBe(200);
    expect((list.body as any[]).find((o) => o.id === orderId)).toMatchObject({ status: "completed", flagged_for_admin: true });
  });

  it("two job runs at once make exactly one transfer for an order", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, 8800, "Bakfiets");
    const paid = await payThroughWebhook(stripe.double, buyer, productId);
    await handOver(paid.orderId);
    stripe.double.clear();

    const due = new Date(Date.now() + 3 * DAY + MINUTE);
    const reports = await Promise.all([runJobs(due), runJobs(due)]);
    expect(reports[0]!.payouts + reports[1]!.payouts).toBe(1);

    const order = await orderRow(paid.orderId);
    expect(order.status).toBe("completed");
    const forOrder = (r: { body: Record<string, unknown> }) => (r.body.metadata as Record<string, string> | undefined)?.order_id === paid.orderId;
    const transfers = executed("POST", "/v1/transfers").filter(forOrder);
    expect(transfers).toHaveLength(1);
    expect(stripe.double.requestsTo("POST", "/v1/transfers").filter(forOrder).every((r) => r.headers["idempotency-key"] === `payout-${paid.orderId}`)).toBe(true);

    const ledger = await ledgerOf(paid.orderId);
    expect(ledger.filter((row) => row.kind === "seller_payout")).toEqual([{ kind: "seller_payout", amount: 8800, ref: expect.stringMatching(/^tr_/) }]);
    expect(ledger.filter((row) => row.kind === "platform_fee")).toEqual([{ kind: "platform_fee", amount: 440, ref: "platform" }]);
    expect(stripe.double.get(ledger.find((row) => row.kind === "seller_payout")!.ref!)).toMatchObject({ amount: 8800, destination: accountId });
    expect(await notificationCount(stripe.seller.id, "payout.released", paid.orderId)).toBe(1);
    expect(await checkLedger()).toEqual([]);
  });
});

describe("a failed transfer", () => {
  it("leaves the seller_payout row open; the next run retries it with the same idempotency key", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, 6000, "Ligstoel");
    const paid = await payThroughWebhook(stripe.double, buyer, productId);
    await handOver(paid.orderId);
    stripe.double.clear();
    // Refused twice: the release's call and the same run's retry step.
    for (let i = 0; i < 2; i += 1) {
      stripe.double.fail("/v1/transfers", 400, { type: "invalid_request_error", code: "balance_insufficient", message: "Insufficient funds in Stripe account." });
    }

    const due = Date.now() + 3 * DAY + MINUTE;
    const first = await runJobs(new Date(due));
    expect(first).toMatchObject({ payouts: 1, retried_payouts: 0 });
    expect((await orderRow(paid.orderId)).status).toBe("completed");
    expect((await ledgerOf(paid.orderId)).find((row) => row.kind === "seller_payout")).toEqual({ kind: "seller_payout", amount: 6000, ref: null });
    expect(stripe.double.requestsTo("POST", "/v1/transfers")).toHaveLength(2);

    const next = await runJobs(new Date(due + MINUTE));
    expect(next).toMatchObject({ payouts: 0, retried_payouts: 1 });

    const transfers = stripe.double.requestsTo("POST", "/v1/transfers");
    expect(transfers).toHaveLength(3);
    expect(transfers.every((r) => r.headers["idempotency-key"] === `payout-${paid.orderId}`)).toBe(true);
    expect(executed("POST", "/v1/transfers")).toHaveLength(transfers.length);
    const payout = (await ledgerOf(paid.orderId)).find((row) => row.kind === "seller_payout");
    expect(payout).toMatchObject({ amount: 6000, ref: expect.stringMatching(/^tr_/) });
    expect(stripe.double.get(payout!.ref!)).toMatchObject({ amount: 6000, destination: accountId, source_transaction: paid.chargeId });
    expect(await notificationCount(stripe.seller.id, "payout.released", paid.orderId)).toBe(1);
    expect(await checkLedger([paid.orderId])).toEqual([]);
  });
});

describe("refunds through Stripe", () => {
  it("a refund call that fails leaves the ledger row open; the job retries it with the same idempotency key", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Fauteuil");
    const paid = await payThroughWebhook(stripe.double, buyer, productId);
    // Stripe is down: the call and both of the SDK's retries fail.
    for (let i = 0; i < 3; i += 1) stripe.double.fail("/v1/refunds", 500);

    const res = await call(sellerCancelRoute, { token: stripe.seller.token, method: "POST", params: { id: paid.orderId } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "refunded" });
    expect(stripe.double.requestsTo("POST", "/v1/refunds")).toHaveLength(3);
    expect(await ledgerOf(paid.orderId)).toEqual([
      { kind: "buyer_payment", amount: TOTAL, ref: paid.paymentIntentId },
      { kind: "buyer_refund", amount: TOTAL, ref: null },
    ]);
    expect(stripe.double.get(paid.chargeId)).toMatchObject({ amount_refunded: 0 });

    const report = await runJobs(new Date());
    expect(report.retried_refunds).toBe(1);

    const refunds = stripe.double.requestsTo("POST", "/v1/refunds");
    expect(refunds).toHaveLength(4);
    expect(refunds.every((r) => r.headers["idempotency-key"] === `refund-${paid.orderId}`)).toBe(true);
    expect(refunds[3]!.body).toMatchObject({ payment_intent: paid.paymentIntentId, amount: String(TOTAL), metadata: { order_id: paid.orderId } });
    const ledger = await ledgerOf(paid.orderId);
    expect(ledger[1]).toMatchObject({ kind: "buyer_refund", ref: expect.stringMatching(/^re_/) });
    expect(stripe.double.get(ledger[1]!.ref!)).toMatchObject({ object: "refund", amount: TOTAL, charge: paid.chargeId });
    expect(stripe.double.get(paid.chargeId)).toMatchObject({ amount_refunded: TOTAL, refunded: true });

    // Settled: the next run calls nothing.
    stripe.double.clear();
    expect((await runJobs(new Date())).retried_refunds).toBe(0);
    expect(stripe.double.requestsTo("POST", "/v1/refunds")).toHaveLength(0);
    expect(await checkLedger([paid.orderId])).toEqual([]);
  });

  it("the seller's cancel refunds the order's total against the payment", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, 4999, "Leeslamp");
    const started = await startStripeCheckout(buyer, productId);
    const completed = stripe.double.completeSession(started.sessionId);
    // Paid through the success page's status check, which learns the charge.
    const status = await call(checkoutStatus, { token: buyer.token, params: { sessionId: started.sessionId } });
    expect(status.body).toMatchObject({ payment_status: "paid" });
    expect(started.total).toBe(4999 + 250);

    const res = await call(sellerCancelRoute, { token: stripe.seller.token, method: "POST", params: { id: started.orderId } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "refunded", total_amount: 52.49 });

    const refunds = stripe.double.requestsTo("POST", "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.headers["idempotency-key"]).toBe(`refund-${started.orderId}`);
    // Both are known here; the payment intent is the one that never changes between retries.
    expect(await checkoutRow(started.sessionId)).toMatchObject({ chargeId: completed.chargeId, paymentIntentId: completed.paymentIntentId });
    expect(refunds[0]!.body).toMatchObject({ payment_intent: completed.paymentIntentId, amount: String(started.total), metadata: { order_id: started.orderId } });
    expect(refunds[0]!.body).not.toHaveProperty("charge");
    expect(stripe.double.get(completed.chargeId)).toMatchObject({ amount_refunded: started.total, refunded: true });

    const ledger = await ledgerOf(started.orderId);
    expect(ledger).toEqual([
      { kind: "buyer_payment", amount: started.total, ref: completed.chargeId },
      { kind: "buyer_refund", amount: started.total, ref: expect.stringMatching(/^re_/) },
    ]);
    expect(await notificationCount(buyer.id, "order.cancelled_by_seller", started.orderId)).toBe(1);
    const product = await db.product.findUniqueOrThrow({ where: { id: productId } });
    expect(product.deletedAt).not.toBeNull();
    expect(await checkLedger([started.orderId])).toEqual([]);
  });

  it("a cart paid with one charge: the kept item's seller is paid from it, the cancelled item is refunded in part", async () => {
    const other = await registerUser({ name: "Femke Jansen" });
    const link = await call(payoutOnboarding, { token: other.token, method: "POST" });
    expect(link.status).toBe(200);
    const otherAccount = (await db.payoutAccount.findUniqueOrThrow({ where: { userId: other.id } })).providerAccountId;
    await sendEvent("account.updated", stripe.double.setAccount(otherAccount, { payoutsEnabled: true, detailsSubmitted: true }));

    const buyer = await stripe.newBuyer();
    const mine = await productOf(stripe.seller, 2500, "Vintage radio");
    const theirs = await productOf(other, 1999, "Fotolijst");
    const started = await cartCheckout(buyer, [mine, theirs]);
    expect(started.status).toBe(200);
    const [mineOrder, theirOrder] = started.body.transaction_ids as [string, string];
    const completed = stripe.double.completeSession(started.body.session_id);
    await sendEvent("checkout.session.completed", completed.session);
    // 2500 + 125 and 1999 + 100 (99.95, half up)
    expect(stripe.double.get(completed.chargeId)).toMatchObject({ amount: 2625 + 2099 });

    // The other seller cannot hand over: a partial refund of that order's total.
    const cancelled = await call(sellerCancelRoute, { token: other.token, method: "POST", params: { id: theirOrder } });
    expect(cancelled.status).toBe(200);
    const [refund] = stripe.double.requestsTo("POST", "/v1/refunds");
    expect(refund!.body).toMatchObject({ payment_intent: completed.paymentIntentId, amount: "2099" });
    const charge = stripe.double.get(completed.chargeId)!;
    expect(charge).toMatchObject({ amount_refunded: 2099, refunded: false });
    // Stripe reports the partial refund; the other order of the charge stays in escrow.
    await sendEvent("charge.refunded", charge);
    expect((await orderRow(mineOrder)).status).toBe("held");

    await handOver(mineOrder);
    const report = await runJobs(new Date(Date.now() + 3 * DAY + MINUTE));
    expect(report.payouts).toBe(1);
    const transfers = stripe.double.requestsTo("POST", "/v1/transfers");
    expect(transfers).toHaveLength(1);
    const session = await checkoutRow(started.body.session_id);
    expect(transfers[0]!.body).toMatchObject({
      amount: "2500",
      destination: accountId,
      source_transaction: completed.chargeId,
      transfer_group: `checkout_${session.id}`,
      metadata: { order_id: mineOrder },
    });
    expect(await ledgerOf(theirOrder)).toEqual([
      { kind: "buyer_payment", amount: 2099, ref: completed.paymentIntentId },
      { kind: "buyer_refund", amount: 2099, ref: expect.stringMatching(/^re_/) },
    ]);
    expect(await checkLedger([mineOrder, theirOrder])).toEqual([]);
  });

  it("a refund retried after a crash gets the first refund back, even when the charge id became known in between", async () => {
    const other = await registerUser({ name: "Daan Visser" });
    const buyer = await stripe.newBuyer();
    const mine = await productOf(stripe.seller, 3000, "Staande lamp");
    const theirs = await productOf(other, 1500, "Vaas");
    const started = await cartCheckout(buyer, [mine, theirs]);
    expect(started.status).toBe(200);
    const [mineOrder, theirOrder] = started.body.transaction_ids as [string, string];
    const completed = stripe.double.completeSession(started.body.session_id);
    // The completed event names the payment intent only.
    await sendEvent("checkout.session.completed", completed.session);
    expect(await checkoutRow(started.body.session_id)).toMatchObject({ chargeId: null, paymentIntentId: completed.paymentIntentId });

    const cancelled = await call(sellerCancelRoute, { token: other.token, method: "POST", params: { id: theirOrder } });
    expect(cancelled.status).toBe(200);
    const first = await ledgerOf(theirOrder);
    const refundId = first.find((row) => row.kind === "buyer_refund")!.ref;
    expect(refundId).toMatch(/^re_/);
    // The process died after Stripe refunded and before the ledger row got its reference.
    await db.ledgerEntry.updateMany({ where: { orderId: theirOrder, kind: "buyer_refund" }, data: { providerRef: null } });

    // Meanwhile the other item is handed over; paying its seller looks up the charge.
    await handOver(mineOrder);
    const report = await runJobs(new Date(Date.now() + 3 * DAY + MINUTE));
    expect(report.payouts).toBe(1);
    expect(await checkoutRow(started.body.session_id)).toMatchObject({ chargeId: completed.chargeId });

    // The job's retry (same idempotency key) is answered with the first refund.
    expect(report.retried_refunds).toBe(1);
    expect((await ledgerOf(theirOrder)).find((row) => row.kind === "buyer_refund")).toEqual({ kind: "buyer_refund", amount: 1575, ref: refundId });
    expect(executed("POST", "/v1/refunds")).toHaveLength(1);
    expect(stripe.double.get(completed.chargeId)).toMatchObject({ amount_refunded: 1575 });
    expect(await checkLedger([mineOrder, theirOrder])).toEqual([]);
  });

  it("no handover within 14 days: the job refunds the buyer in full through Stripe", async () => {
    const buyer = await stripe.newBuyer();
    const productId = await productOf(stripe.seller, PRICE, "Dressoir");
    const paid = await payThroughWebhook(stripe.double, buyer, productId);

    const report = await runJobs(new Date(Date.now() + 14 * DAY + MINUTE));
    expect(report.auto_refunds).toBeGreaterThanOrEqual(1);

    expect((await orderRow(paid.orderId)).status).toBe("refunded");
    expect((await db.product.findUniqueOrThrow({ where: { id: productId } })).status).toBe("available");
    const refunds = stripe.double.requestsTo("POST", "/v1/refunds").filter((r) => r.headers["idempotency-key"] === `refund-${paid.orderId}`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.body).toMatchObject({ payment_intent: paid.paymentIntentId, amount: String(TOTAL) });
    expect(await ledgerOf(paid.orderId)).toEqual([
      { kind: "buyer_payment", amount: TOTAL, ref: paid.paymentIntentId },
      { kind: "buyer_refund", amount: TOTAL, ref: expect.stringMatching(/^re_/) },
    ]);
    expect(await checkLedger()).toEqual([]);
  });
});

describe("overlapping job runs", () => {
  it("eight runs at once call Stripe once per payout and report what they really did", async () => {
    const orderIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const buyer = await stripe.newBuyer();
      const productId = await productOf(stripe.seller, PRICE, `Overlap kast ${i}`);
      const paid = await payThroughWebhook(stripe.double, buyer, productId);
      await handOver(paid.orderId);
      orderIds.push(paid.orderId);
    }
    // Every request that reached the double counts, replays of the idempotency key too.
    const sent = (id: string) => stripe.double.requestsTo("POST", "/v1/transfers").filter((r) => r.headers["idempotency-key"] === `payout-${id}`).length;
    const before = new Map(orderIds.map((id) => [id, sent(id)]));
    const due = new Date(Date.now() + 3 * DAY + 5 * MINUTE);
    const reports = await Promise.all(Array.from({ length: 8 }, () => runJobs(due)));
    for (const id of orderIds) {
      expect(sent(id) - before.get(id)!, id).toBe(1);
      expect((await orderRow(id)).status).toBe("completed");
    }
    // The reports add up to what happened: three payouts, not three per run.
    const paidOut = reports.reduce((sum, r) => sum + r.payouts, 0);
    const retried = reports.reduce((sum, r) => sum + r.retried_payouts, 0);
    expect(paidOut).toBe(3);
    expect(retried).toBe(0);
    expect(await checkLedger()).toEqual([]);
  });
});

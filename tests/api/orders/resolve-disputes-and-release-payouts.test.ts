// Admins resolving disputes (GET /api/admin/disputes, POST .../resolve) and the escrow
// job behind GET|POST /api/cron/release-payouts: reminders, automatic refunds, expired
// checkouts and payouts, each done once even when two runs overlap.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { GET as listDisputes } from "@/app/api/admin/disputes/route";
import { POST as resolveRoute } from "@/app/api/admin/disputes/[id]/resolve/route";
import { GET as cronGet, POST as cronPost } from "@/app/api/cron/release-payouts/route";
import { POST as confirmDeliveryRoute } from "@/app/api/transactions/[id]/confirm-delivery/route";
import { db } from "@/lib/platform/db/client";
import { resetEnvCache } from "@/lib/platform/env";
import { runJobs } from "@/lib/domains/jobs";
import { checkLedger } from "@/lib/domains/orders/ledger";
import { call, type CallResult } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import {
  buyAndPay,
  DAY,
  eventsOf,
  ledgerOf,
  makeAdmin,
  orderRow,
  paidDaysAgo,
  pendingOrder,
  productOf,
  productRow,
  sessionRow,
} from "../../support/orders";

const IP = "198.51.100.24";
const CRON_SECRET = "cron-secret-for-the-tests-0123456789";
const previousSecret = process.env.CRON_SECRET;

let seller: RegisteredUser;
let admin: RegisteredUser;
let member: RegisteredUser;

beforeAll(async () => {
  process.env.CRON_SECRET = CRON_SECRET;
  resetEnvCache();
  seller = await registerUser({ name: "Tijs van den Berg" });
  admin = await registerUser({ name: "Beheerder" });
  await makeAdmin(admin);
  member = await registerUser({ name: "Gewoon lid" });
});

afterAll(() => {
  if (previousSecret === undefined) delete process.env.CRON_SECRET;
  else process.env.CRON_SECRET = previousSecret;
  resetEnvCache();
});

async function heldOrder(title: string, priceCents = 14950) {
  const buyer = await registerUser({ name: "Sanne de Vries" });
  const productId = await productOf(seller, priceCents, title);
  const { orderId } = await buyAndPay(buyer, productId);
  return { buyer, productId, orderId };
}

async function disputedOrder(title: string) {
  const order = await heldOrder(title);
  const res = await call(confirmDeliveryRoute, {
    token: order.buyer.token,
    ip: IP,
    params: { id: order.orderId },
    json: { transaction_id: order.orderId, confirmation_type: "dispute", notes: "Het scherm is gebarsten." },
  });
  expect(res.status).toBe(200);
  return order;
}

function resolve(user: RegisteredUser | null, orderId: string, json: unknown): Promise<CallResult> {
  return call(resolveRoute, { token: user?.token, ip: IP, params: { id: orderId }, json });
}

function cron(handler: typeof cronGet, authorization?: string, path = "/api/cron/release-payouts"): Promise<CallResult> {
  return call(handler, {
    ip: IP,
    method: handler === cronPost ? "POST" : "GET",
    path,
    headers: authorization ? { authorization } : {},
  });
}

const runCron = (handler: typeof cronGet = cronGet) => cron(handler, `Bearer ${CRON_SECRET}`);

describe("GET /api/admin/disputes", () => {
  it("is for admins only: 401 anonymous, 403 for members", async () => {
    const anonymous = await call(listDisputes, { ip: IP });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ detail: "Not authenticated", code: "unauthorized" });
    const byMember = await call(listDisputes, { token: member.token, ip: IP });
    expect(byMember.status).toBe(403);
    expect(byMember.body).toEqual({ detail: "Admin access required", code: "admin_only" });
  });

  it("lists disputed orders, oldest first, with the buyer's description and the exact address", async () => {
    const older = await disputedOrder("Gebarsten tablet");
    const newer = await disputedOrder("Kapotte printer");
    await heldOrder("Gewone verkoop");
    const res = await call(listDisputes, { token: admin.token, ip: IP });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("2");
    expect(res.body.map((o: { id: string }) => o.id)).toEqual([older.orderId, newer.orderId]);
    expect(res.body[0]).toMatchObject({
      role: "admin",
      status: "held",
      delivery_status: "disputed",
      dispute_notes: "Het scherm is gebarsten.",
      actions: [],
      pickup_code: null,
      pickup_address: "Neude 11, 3512 AE Utrecht",
    });
    // Clean up for the tests below: both are resolved there or here.
    for (const order of [older, newer]) expect((await resolve(admin, order.orderId, { resolution: "refund" })).status).toBe(200);
  });
});

describe("POST /api/admin/disputes/{id}/resolve", () => {
  it("refund: the buyer gets everything back and keeps what arrived, so the product stays sold", async () => {
    const { buyer, orderId, productId } = await disputedOrder("Defecte koffiemachine");
    const res = await resolve(admin, orderId, { resolution: "refund", note: "  Foto's bevestigen de schade.  " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: orderId, status: "refunded", delivery_status: "disputed", dispute_resolution: "refund" });
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: "refunded", disputeResolution: "refund", disputeResolutionNote: "Foto's bevestigen de schade." });
    expect(row.refundedAt).not.toBeNull();
    expect(row.disputeResolvedAt).not.toBeNull();
    expect(await productRow(productId)).toMatchObject({ status: "sold", deletedAt: null });
    expect(await ledgerOf(orderId)).toEqual([
      ["buyer_payment", 15698],
      ["buyer_refund", 15698],
    ]);
    expect((await db.ledgerEntry.findFirstOrThrow({ where: { orderId, kind: "buyer_refund" } })).providerRef).toMatch(/^re_testmode_/);
    expect(await checkLedger([orderId])).toEqual([]);
    expect(await eventsOf(buyer.id, orderId)).toEqual(["order.dispute_opened", "order.dispute_resolved", "order.paid", "order.refunded"]);
    expect(await eventsOf(seller.id, orderId)).toEqual(["order.dispute_raised", "order.dispute_resolved", "order.sale_refunded", "order.sold"]);
    // Resolved disputes leave the list.
    const list = await call(listDisputes, { token: admin.token, ip: IP });
    expect(list.body.map((o: { id: string }) => o.id)).not.toContain(orderId);
  });

  it("release: the handover counts as confirmed and the job pays the seller 3 days later", async () => {
    const { orderId, productId } = await disputedOrder("Werkende stofzuiger");
    const from = Date.now();
    const res = await resolve(admin, orderId, { resolution: "release", note: "Werkt volgens de video." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "held", delivery_status: "confirmed", dispute_resolution: "release" });
    const autoRelease = new Date(res.body.auto_release_at).getTime();
    expect(autoRelease).toBeGreaterThanOrEqual(from + 3 * DAY);
    expect(autoRelease).toBeLessThanOrEqual(Date.now() + 3 * DAY);
    expect(await ledgerOf(orderId)).toEqual([["buyer_payment", 15698]]);

    const early = await runJobs(new Date(Date.now() + 2 * DAY));
    expect(early.payouts).toBe(0);
    expect((await orderRow(orderId)).status).toBe("held");

    const later = await runJobs(new Date(Date.now() + 3 * DAY + 60_000));
    expect(later.payouts).toBe(1);
    const row = await orderRow(orderId);
    expect(row.status).toBe("completed");
    expect(row.completedAt).not.toBeNull();
    expect(await ledgerOf(orderId)).toEqual([
      ["buyer_payment", 15698],
      ["platform_fee", 748],
      ["seller_payout", 14950],
    ]);
    expect((await db.ledgerEntry.findFirstOrThrow({ where: { orderId, kind: "seller_payout" } })).providerRef).toMatch(/^tr_testmode_/);
    expect(await checkLedger()).toEqual([]);
    expect((await productRow(productId)).status).toBe("sold");
    expect(await eventsOf(seller.id, orderId)).toContain("payout.released");
  });

  it("refuses an order that is not disputed (409 invalid_state) and changes nothing", async () => {
    const { orderId } = await heldOrder("Gewone stoel");
    const before = await orderRow(orderId);
    for (const resolution of ["refund", "release"]) {
      const res = await resolve(admin, orderId, { resolution });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("invalid_state");
    }
    expect(await orderRow(orderId)).toEqual(before);
    expect(await ledgerOf(orderId)).toEqual([["buyer_payment", 15698]]);
  });

  it("is for admins only, needs a resolution, and answers 404 for an unknown order", async () => {
    const { buyer, orderId } = await disputedOrder("Betwiste lamp");
    const before = await orderRow(orderId);
    for (const user of [buyer, seller, member]) {
      const res = await resolve(user, orderId, { resolution: "refund" });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("admin_only");
    }
    expect((await resolve(null, orderId, { resolution: "refund" })).status).toBe(401);
    const bad = await resolve(admin, orderId, { resolution: "split" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ field: "resolution", message: "resolution must be release, refund or return" }]);
    expect(await orderRow(orderId)).toEqual(before);
    const unknown = await resolve(admin, randomUUID(), { resolution: "refund" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: "Order not found", code: "order_not_found" });
    // Leave nothing disputed for the job tests below.
    expect((await resolve(admin, orderId, { resolution: "refund" })).status).toBe(200);
  });
});

describe("GET|POST /api/cron/release-payouts", () => {
  it("answers 401 without the bearer secret or with a wrong one", async () => {
    for (const handler of [cronGet, cronPost]) {
      for (const authorization of [undefined, "Bearer wrong", `Bearer ${CRON_SECRET}x`, `Basic ${CRON_SECRET}`, CRON_SECRET]) {
        const res = await cron(handler, authorization);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ detail: "Not authenticated", code: "unauthorized" });
      }
    }
  });

  it("refuses every call while no CRON_SECRET is configured", async () => {
    process.env.CRON_SECRET = "";
    resetEnvCache();
    try {
      for (const authorization of ["Bearer ", "Bearer undefined", `Bearer ${CRON_SECRET}`]) {
        expect((await cron(cronPost, authorization)).status).toBe(401);
      }
    } finally {
      process.env.CRON_SECRET = CRON_SECRET;
      resetEnvCache();
    }
  });

  it("runs the job with the secret, by GET (Vercel Cron) or POST, and reports what it did", async () => {
    for (const handler of [cronGet, cronPost]) {
      const res = await runCron(handler);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        now: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        expired_checkouts: expect.any(Number),
        reminders: expect.any(Number),
        auto_refunds: expect.any(Number),
        ship_by_reminders: expect.any(Number),
        ship_by_refunds: expect.any(Number),
        auto_confirmed: expect.any(Number),
        return_reminders: expect.any(Number),
        inspection_reminders: expect.any(Number),
        returns_expired: expect.any(Number),
        returns_refunded: expect.any(Number),
        payouts: expect.any(Number),
        payouts_waiting: 0,
        retried_refunds: expect.any(Number),
        retried_payouts: expect.any(Number),
        expired_offers: expect.any(Number),
        saved_search_notifications: expect.any(Number),
        unused_uploads_deleted: expect.any(Number),
        unread_message_mails: expect.any(Number),
        pushes_sent: expect.any(Number),
        mails_sent: expect.any(Number),
        mails_retrying: expect.any(Number),
        mails_failed: expect.any(Number),
        dac7_statements: expect.any(Number),
        jobs: expect.any(Object),
        failed_jobs: 0,
      });
      expect(Object.values(res.body.jobs).every((outcome) => outcome === "ok")).toBe(true);
    }
  });

  it("refuses a `now` from outside end-to-end test mode (400)", async () => {
    const res = await cron(cronGet, `Bearer ${CRON_SECRET}`, `/api/cron/release-payouts?now=${new Date(Date.now() + 30 * DAY).toISOString()}`);
    expect(res.status).toBe(400);
  });

  it("reminds buyer and seller once, 5 days after payment without a handover", async () => {
    const due = await heldOrder("Vergeten kast");
    const notYet = await heldOrder("Recente kast");
    await paidDaysAgo(due.orderId, 5);
    await paidDaysAgo(notYet.orderId, 4);

    const first = await runCron();
    expect(first.status).toBe(200);
    expect(first.body.reminders).toBe(1);
    const second = await runCron(cronPost);
    expect(second.body.reminders).toBe(0);

    expect(await eventsOf(due.buyer.id, due.orderId)).toEqual(["order.handover_reminder", "order.paid"]);
    expect(await eventsOf(seller.id, due.orderId)).toEqual(["order.handover_reminder", "order.sold"]);
    expect((await orderRow(due.orderId)).reminderSentAt).not.toBeNull();
    expect(await orderRow(due.orderId)).toMatchObject({ status: "held", deliveryStatus: "pending" });
    expect(await eventsOf(notYet.buyer.id, notYet.orderId)).toEqual(["order.paid"]);
    expect((await orderRow(notYet.orderId)).reminderSentAt).toBeNull();
  });

  it("refunds in full 14 days after payment without a handover; the product is for sale again", async () => {
    const { buyer, orderId, productId } = await heldOrder("Nooit opgehaalde bank");
    await db.order.update({ where: { id: orderId }, data: { reminderSentAt: new Date() } });
    await paidDaysAgo(orderId, 14);

    const res = await runCron();
    expect(res.body.auto_refunds).toBe(1);
    const row = await orderRow(orderId);
    expect(row.status).toBe("refunded");
    expect(row.refundedAt).not.toBeNull();
    expect(await productRow(productId)).toMatchObject({ status: "available", deletedAt: null });
    expect(await ledgerOf(orderId)).toEqual([
      ["buyer_payment", 15698],
      ["buyer_refund", 15698],
    ]);
    expect((await db.ledgerEntry.findFirstOrThrow({ where: { orderId, kind: "buyer_refund" } })).providerRef).toMatch(/^re_testmode_/);
    expect(await checkLedger()).toEqual([]);
    expect(await eventsOf(buyer.id, orderId)).toEqual(["order.paid", "order.refunded"]);
    expect(await eventsOf(seller.id, orderId)).toEqual(["order.sale_refunded", "order.sold"]);

    expect((await runCron()).body.auto_refunds).toBe(0);
    expect(await ledgerOf(orderId)).toHaveLength(2);
  });

  it("expires checkouts 5 minutes after their end and frees the products; not sooner", async () => {
    const [late, recent] = [await registerUser({ name: "Trage koper" }), await registerUser({ name: "Recente koper" })];
    const lateProduct = await productOf(seller, 2000, "Vergeten lamp");
    const recentProduct = await productOf(seller, 2000, "Bijna vergeten lamp");
    const lateCheckout = await pendingOrder(late, lateProduct);
    const recentCheckout = await pendingOrder(recent, recentProduct);
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await db.checkoutSession.update({ where: { providerSessionId: lateCheckout.sessionId }, data: { expiresAt: minutesAgo(6) } });
    await db.checkoutSession.update({ where: { providerSessionId: recentCheckout.sessionId }, data: { expiresAt: minutesAgo(2) } });

    const res = await runCron();
    expect(res.body.expired_checkouts).toBe(1);
    const expired = await sessionRow(lateCheckout.sessionId);
    expect(expired.status).toBe("expired");
    expect(expired.orders.map((o) => o.status)).toEqual(["cancelled"]);
    expect(await productRow(lateProduct)).toMatchObject({ status: "available", reservedUntil: null });

    const stillOpen = await sessionRow(recentCheckout.sessionId);
    expect(stillOpen.status).toBe("open");
    expect(stillOpen.orders.map((o) => o.status)).toEqual(["pending"]);
    expect((await productRow(recentProduct)).status).toBe("reserved");
  });

  it("two runs at once pay each order once", async () => {
    const { orderId } = await heldOrder("Dubbel uitbetaalde fiets", 20000);
    await runCron(); // nothing else due
    const past = new Date(Date.now() - 60_000);
    await db.order.update({
      where: { id: orderId },
      data: { deliveryStatus: "confirmed", deliveryConfirmedAt: new Date(past.getTime() - 3 * DAY), autoReleaseAt: past },
    });

    const [a, b] = await Promise.all([runCron(cronGet), runCron(cronPost)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.payouts + b.body.payouts).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({ status: "completed" });
    expect(await ledgerOf(orderId)).toEqual([
      ["buyer_payment", 21000],
      ["platform_fee", 1000],
      ["seller_payout", 20000],
    ]);
    expect(await db.ledgerEntry.count({ where: { kind: "seller_payout", orderId } })).toBe(1);
    expect((await db.ledgerEntry.findFirstOrThrow({ where: { orderId, kind: "seller_payout" } })).providerRef).toMatch(/^tr_testmode_/);
    expect(await eventsOf(seller.id, orderId)).toEqual(["order.sold", "payout.released"]);
    expect(await checkLedger()).toEqual([]);
  });
});

// What buyers and sellers do with orders (docs/payments.md "Orders"): confirm delivery,
// dispute, cancel, the handover with the pickup code, the seller's cancel; who may do
// each (the other party 403, a stranger 404) and when (409 invalid_state), with the
// database unchanged after every refusal. Also the order list and what each side sees.
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { GET as listOrders } from "@/app/api/transactions/route";
import { POST as confirmDeliveryRoute } from "@/app/api/transactions/[id]/confirm-delivery/route";
import { POST as cancelRoute } from "@/app/api/transactions/[id]/cancel/route";
import { POST as handoverRoute } from "@/app/api/transactions/[id]/handover/route";
import { POST as sellerCancelRoute } from "@/app/api/transactions/[id]/seller-cancel/route";
import { GET as getProduct } from "@/app/api/products/[id]/route";
import { db } from "@/lib/platform/db/client";
import { checkLedger } from "@/lib/domains/orders/ledger";
import { HANDOVER_LIMIT, HANDOVER_SELLER_LIMIT } from "@/lib/domains/orders/service";
import { call, type CallResult } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { PLACES } from "../../support/catalog";
import {
  buyAndPay,
  cartCheckout,
  checkout,
  DAY,
  eventsOf,
  ledgerOf,
  makeAdmin,
  orderRow,
  pendingOrder,
  press,
  productOf,
  productRow,
  sessionRow,
} from "../../support/orders";

const IP = "198.51.100.23";
const NOT_FOUND = { detail: "Order not found", code: "order_not_found" };
const ONLY_BUYER = { detail: "Only the buyer of this order can do this", code: "not_buyer" };
const ONLY_SELLER = { detail: "Only the seller of this order can do this", code: "not_seller" };

let seller: RegisteredUser;
let stranger: RegisteredUser;
let admin: RegisteredUser;

beforeAll(async () => {
  seller = await registerUser({ name: "Tijs van den Berg" });
  stranger = await registerUser({ name: "Daan Jansen" });
  admin = await registerUser({ name: "Beheerder" });
  await makeAdmin(admin);
});

type Handler = typeof confirmDeliveryRoute;

function post(handler: Handler, user: RegisteredUser, orderId: string, json?: unknown): Promise<CallResult> {
  return call(handler, { token: user.token, ip: IP, method: "POST", params: { id: orderId }, json });
}

const deliver = (user: RegisteredUser, orderId: string) =>
  post(confirmDeliveryRoute, user, orderId, { transaction_id: orderId, confirmation_type: "delivered" });
const dispute = (user: RegisteredUser, orderId: string, notes?: string | null) =>
  post(confirmDeliveryRoute, user, orderId, { transaction_id: orderId, confirmation_type: "dispute", notes });
const cancel = (user: RegisteredUser, orderId: string) => post(cancelRoute, user, orderId);
const handover = (user: RegisteredUser, orderId: string, code: unknown) => post(handoverRoute, user, orderId, { code });
const sellerCancel = (user: RegisteredUser, orderId: string) => post(sellerCancelRoute, user, orderId);

/** A new buyer (checkouts are rate limited per buyer) with a paid order from `seller`. */
async function heldOrder(title = "Gazelle damesfiets", by: RegisteredUser = seller) {
  const buyer = await registerUser({ name: "Sanne de Vries" });
  const productId = await productOf(by, 14950, title);
  const { orderId } = await buyAndPay(buyer, productId);
  return { buyer, productId, orderId };
}

async function unpaidOrder(title = "Gazelle damesfiets") {
  const buyer = await registerUser({ name: "Sanne de Vries" });
  const productId = await productOf(seller, 14950, title);
  const { orderId, sessionId } = await pendingOrder(buyer, productId);
  return { buyer, productId, orderId, sessionId };
}

async function confirmedOrder(title = "Gazelle damesfiets") {
  const held = await heldOrder(title);
  expect((await deliver(held.buyer, held.orderId)).status).toBe(200);
  return held;
}

function expectInvalidState(res: CallResult) {
  expect(res.status).toBe(409);
  expect(res.body.code).toBe("invalid_state");
  expect(res.body.detail).toMatch(/^This order cannot be changed this way now/);
}

/** auto_release_at is 3 days after the moment between `from` and now. */
function expectReleaseIn3Days(value: string | Date, from: number) {
  const at = new Date(value).getTime();
  expect(at).toBeGreaterThanOrEqual(from + 3 * DAY);
  expect(at).toBeLessThanOrEqual(Date.now() + 3 * DAY);
}

describe("confirm-delivery: delivered", () => {
  it("the buyer confirms the handover: delivery confirmed, the seller is paid 3 days later", async () => {
    const { buyer, orderId } = await heldOrder("Batavus herenfiets");
    const from = Date.now();
    const res = await deliver(buyer, orderId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: orderId, status: "held", delivery_status: "confirmed", role: "buyer", actions: [], pickup_code: null });
    expectReleaseIn3Days(res.body.auto_release_at, from);
    expect(res.body.delivery_confirmed_at).not.toBeNull();
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: "held", deliveryStatus: "confirmed" });
    expect(row.autoReleaseAt!.toISOString()).toBe(res.body.auto_release_at);
    expect(await eventsOf(seller.id, orderId)).toEqual(["order.delivery_confirmed", "order.sold"]);
  });

  it("only the buyer may confirm: the seller gets 403, a stranger 404, and nothing changes", async () => {
    const { orderId } = await heldOrder();
    const before = await orderRow(orderId);
    const bySeller = await deliver(seller, orderId);
    expect(bySeller.status).toBe(403);
    expect(bySeller.body).toEqual(ONLY_BUYER);
    const byStranger = await deliver(stranger, orderId);
    expect(byStranger.status).toBe(404);
    expect(byStranger.body).toEqual(NOT_FOUND);
    expect(await orderRow(orderId)).toEqual(before);
  });

  it("answers 404 for an unknown order id", async () => {
    for (const id of [randomUUID(), "12345678"]) {
      const res = await deliver(stranger, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });

  it("cannot confirm before payment or twice (409 invalid_state)", async () => {
    const unpaid = await unpaidOrder();
    const beforeUnpaid = await orderRow(unpaid.orderId);
    expectInvalidState(await deliver(unpaid.buyer, unpaid.orderId));
    expect(await orderRow(unpaid.orderId)).toEqual(beforeUnpaid);

    const confirmed = await confirmedOrder();
    const beforeConfirmed = await orderRow(confirmed.orderId);
    expectInvalidState(await deliver(confirmed.buyer, confirmed.orderId));
    expect(await orderRow(confirmed.orderId)).toEqual(beforeConfirmed);
  });

  it("needs confirmation_type delivered or dispute (422)", async () => {
    const { buyer, orderId } = await heldOrder();
    const before = await orderRow(orderId);
    const res = await post(confirmDeliveryRoute, buyer, orderId, { transaction_id: orderId, confirmation_type: "received" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: "confirmation_type", message: "confirmation_type must be delivered or dispute" }]);
    expect(await orderRow(orderId)).toEqual(before);
  });
});

describe("confirm-delivery: dispute", () => {
  it("the buyer raises a dispute with a description; seller, buyer and admins are told", async () => {
    const { buyer, orderId } = await heldOrder("Kapotte koelkast");
    const res = await dispute(buyer, orderId, "  De deur sluit niet en hij koelt niet.  ");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "held",
      delivery_status: "disputed",
      dispute_notes: "De deur sluit niet en hij koelt niet.",
      actions: [],
      auto_release_at: null,
      pickup_code: null,
    });
    expect(res.body.disputed_at).not.toBeNull();
    expect(await orderRow(orderId)).toMatchObject({ deliveryStatus: "disputed", disputeNotes: "De deur sluit niet en hij koelt niet." });
    expect(await eventsOf(seller.id, orderId)).toEqual(["order.dispute_raised", "order.sold"]);
    expect(await eventsOf(buyer.id, orderId)).toEqual(["order.dispute_opened", "order.paid"]);
    expect(await eventsOf(admin.id, orderId)).toEqual(["admin.dispute"]);
    // The seller reads the buyer's description on their sale.
    const sales = await call(listOrders, { token: seller.token, ip: IP, path: "/api/transactions?role=seller" });
    expect(sales.body.find((o: { id: string }) => o.id === orderId).dispute_notes).toBe("De deur sluit niet en hij koelt niet.");
  });

  it("needs notes (422 with errors) and changes nothing without them", async () => {
    const { buyer, orderId } = await heldOrder();
    const before = await orderRow(orderId);
    for (const notes of [undefined, null, "", "   "]) {
      const res = await dispute(buyer, orderId, notes);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail: "Please describe the problem", code: "validation", errors: [{ field: "notes", message: "Please describe the problem" }] });
    }
    const tooLong = await dispute(buyer, orderId, "x".repeat(2001));
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors).toEqual([{ field: "notes", message: "notes must be at most 2000 characters" }]);
    expect(await orderRow(orderId)).toEqual(before);
  });

  it("only the buyer may dispute: the seller gets 403, a stranger 404", async () => {
    const { orderId } = await heldOrder();
    const before = await orderRow(orderId);
    const bySeller = await dispute(seller, orderId, "Ik wil het zelf terug");
    expect(bySeller.status).toBe(403);
    expect(bySeller.body).toEqual(ONLY_BUYER);
    const byStranger = await dispute(stranger, orderId, "Niet mijn bestelling");
    expect(byStranger.status).toBe(404);
    expect(byStranger.body).toEqual(NOT_FOUND);
    expect(await orderRow(orderId)).toEqual(before);
  });

  it("cannot dispute after the handover or before payment (409 invalid_state)", async () => {
    const confirmed = await confirmedOrder();
    const before = await orderRow(confirmed.orderId);
    expectInvalidState(await dispute(confirmed.buyer, confirmed.orderId, "Toch niet goed"));
    expect(await orderRow(confirmed.orderId)).toEqual(before);

    const unpaid = await unpaidOrder();
    expectInvalidState(await dispute(unpaid.buyer, unpaid.orderId, "Nog niet betaald"));
    expect((await orderRow(unpaid.orderId)).status).toBe("pending");
  });
});

describe("cancel", () => {
  it("the buyer cancels an unpaid order: the checkout ends and the product is for sale again", async () => {
    const { buyer, orderId, productId, sessionId } = await unpaidOrder("Eettafel");
    const res = await cancel(buyer, orderId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: orderId, status: "cancelled", actions: [] });
    expect(res.body.cancelled_at).not.toBeNull();
    expect(await productRow(productId)).toMatchObject({ status: "available", reservedUntil: null });
    expect((await sessionRow(sessionId)).status).toBe("expired");
    // The old checkout cannot be paid any more; someone else can buy the product.
    expect((await press(buyer, sessionId, "pay")).status).toBe(409);
    const next = await registerUser({ name: "Volgende koper" });
    expect((await checkout(next, productId)).status).toBe(200);
  });

  it("cancelling one order of a cart checkout ends the whole checkout", async () => {
    const buyer = await registerUser({ name: "Fleur Bakker" });
    const a = await productOf(seller, 2000, "Stoel A");
    const b = await productOf(seller, 2000, "Stoel B");
    const started = await cartCheckout(buyer, [a, b]);
    const res = await cancel(buyer, started.body.transaction_ids[0]);
    expect(res.status).toBe(200);
    const orders = await db.order.findMany({ where: { id: { in: started.body.transaction_ids } } });
    expect(orders.map((o) => o.status)).toEqual(["cancelled", "cancelled"]);
    expect((await productRow(a)).status).toBe("available");
    expect((await productRow(b)).status).toBe("available");
  });

  it("only the buyer may cancel: the seller gets 403, a stranger 404", async () => {
    const { orderId, productId } = await unpaidOrder();
    const before = await orderRow(orderId);
    const bySeller = await cancel(seller, orderId);
    expect(bySeller.status).toBe(403);
    expect(bySeller.body).toEqual(ONLY_BUYER);
    const byStranger = await cancel(stranger, orderId);
    expect(byStranger.status).toBe(404);
    expect(byStranger.body).toEqual(NOT_FOUND);
    expect(await orderRow(orderId)).toEqual(before);
    expect((await productRow(productId)).status).toBe("reserved");
  });

  it("a paid order cannot be cancelled (409 invalid_state)", async () => {
    const { buyer, orderId, productId } = await heldOrder();
    const before = await orderRow(orderId);
    expectInvalidState(await cancel(buyer, orderId));
    expect(await orderRow(orderId)).toEqual(before);
    expect((await productRow(productId)).status).toBe("sold");
  });
});

describe("handover with the pickup code", () => {
  it("the seller enters the buyer's code: delivery confirmed, payout 3 days later, both are told", async () => {
    const { buyer, orderId } = await heldOrder("Bakfiets");
    const code = (await orderRow(orderId)).pickupCode!;
    expect(code).toMatch(/^\d{6}$/);
    const from = Date.now();
    // Spaces, as people read the code out, are ignored.
    const res = await handover(seller, orderId, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: orderId, role: "seller", status: "held", delivery_status: "confirmed", actions: [] });
    expectReleaseIn3Days(res.body.auto_release_at, from);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ deliveryStatus: "confirmed", handoverAttempts: 0 });
    expectReleaseIn3Days(row.autoReleaseAt!, from);
    expect(await eventsOf(seller.id, orderId)).toEqual(["order.delivery_confirmed", "order.sold"]);
    expect(await eventsOf(buyer.id, orderId)).toEqual(["order.handover_confirmed", "order.paid", "review.invite"]);
  });

  it("refuses a wrong code (400 wrong_code) and keeps the order waiting", async () => {
    const { orderId } = await heldOrder();
    const code = (await orderRow(orderId)).pickupCode!;
    const wrong = code === "000000" ? "111111" : "000000";
    const res = await handover(seller, orderId, wrong);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "Wrong pickup code", code: "wrong_code" });
    expect(await orderRow(orderId)).toMatchObject({ status: "held", deliveryStatus: "pending", autoReleaseAt: null, handoverAttempts: 1 });
  });

  it(`after ${HANDOVER_LIMIT.max} wrong codes even the right one is refused (429)`, async () => {
    // A seller of its own: the wrong codes of the other tests do not count here.
    const seller = await registerUser({ name: "Eigen Verkoper" });
    const { orderId } = await heldOrder("Gazelle damesfiets", seller);
    const code = (await orderRow(orderId)).pickupCode!;
    const wrong = code === "999999" ? "888888" : "999999";
    for (let i = 0; i < HANDOVER_LIMIT.max; i += 1) {
      expect((await handover(seller, orderId, wrong)).status).toBe(400);
    }
    const before = await orderRow(orderId);
    expect(before.handoverAttempts).toBe(HANDOVER_LIMIT.max);
    const res = await handover(seller, orderId, code);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: "Too many attempts. Please try again later.", code: "rate_limited" });
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(HANDOVER_LIMIT.windowSeconds);
    expect(await orderRow(orderId)).toEqual(before);
  });

  it(`guesses sent all at once are limited too: at most ${HANDOVER_LIMIT.max} are compared`, async () => {
    // A seller of its own: the wrong codes of the other tests do not count here.
    const seller = await registerUser({ name: "Eigen Verkoper" });
    const { orderId } = await heldOrder("Gazelle damesfiets", seller);
    const code = (await orderRow(orderId)).pickupCode!;
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const answers = await Promise.all(guesses.map((guess) => handover(seller, orderId, guess)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(HANDOVER_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(guesses.length - HANDOVER_LIMIT.max);
    expect(await orderRow(orderId)).toMatchObject({ deliveryStatus: "pending", handoverAttempts: HANDOVER_LIMIT.max });
    expect((await handover(seller, orderId, code)).status).toBe(429);
  });

  it("a right code after a few wrong ones still works, and clears the count", async () => {
    // A seller of its own: the wrong codes of the other tests do not count here.
    const seller = await registerUser({ name: "Eigen Verkoper" });
    const { orderId } = await heldOrder("Gazelle damesfiets", seller);
    const code = (await orderRow(orderId)).pickupCode!;
    const wrong = code === "424242" ? "242424" : "424242";
    for (let i = 0; i < HANDOVER_LIMIT.max - 1; i += 1) expect((await handover(seller, orderId, wrong)).status).toBe(400);
    expect((await handover(seller, orderId, code)).status).toBe(200);
    expect(await db.$queryRaw`SELECT key FROM rate_limit_buckets WHERE key = ${`handover:${orderId}`}`).toEqual([]);
  });

  it(`a seller gets ${HANDOVER_SELLER_LIMIT.max} wrong codes per hour across all their orders; right codes do not count; the buyer can still confirm`, async () => {
    const ownSeller = await registerUser({ name: "Raadverkoper" });
    const a = await heldOrder("Raad A", ownSeller);
    const b = await heldOrder("Raad B", ownSeller);
    const c = await heldOrder("Raad C", ownSeller);
    const codeOf = async (orderId: string) => (await orderRow(orderId)).pickupCode!;
    const wrongFor = (code: string) => (code === "313131" ? "131313" : "313131");
    const codeA = await codeOf(a.orderId);
    for (let i = 0; i < HANDOVER_LIMIT.max; i += 1) expect((await handover(ownSeller, a.orderId, wrongFor(codeA))).status).toBe(400);
    const codeB = await codeOf(b.orderId);
    for (let i = 0; i < HANDOVER_SELLER_LIMIT.max - HANDOVER_LIMIT.max - 1; i += 1) {
      expect((await handover(ownSeller, b.orderId, wrongFor(codeB))).status).toBe(400);
    }
    expect((await handover(ownSeller, b.orderId, codeB)).status).toBe(200);
    // The right code on B did not use up a guess: one more wrong one is compared...
    const codeC = await codeOf(c.orderId);
    expect((await handover(ownSeller, c.orderId, wrongFor(codeC))).status).toBe(400);
    // ...and then every order of this seller is locked, the right code too.
    const before = await orderRow(c.orderId);
    for (const guess of [wrongFor(codeC), codeC]) {
      const res = await handover(ownSeller, c.orderId, guess);
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ detail: "Too many attempts. Please try again later.", code: "rate_limited" });
      const retryAfter = Number(res.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(HANDOVER_SELLER_LIMIT.windowSeconds);
    }
    expect(await orderRow(c.orderId)).toEqual(before);
    // Another seller is not affected.
    const other = await heldOrder("Raad D");
    expect((await handover(seller, other.orderId, await codeOf(other.orderId))).status).toBe(200);
    // The buyers confirm the handover themselves while the codes are locked.
    for (const { buyer, orderId } of [a, c]) {
      const res = await deliver(buyer, orderId);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: orderId, status: "held", delivery_status: "confirmed" });
    }
  });

  it(`wrong codes sent all at once to several orders of one seller: at most ${HANDOVER_SELLER_LIMIT.max} are compared`, async () => {
    const ownSeller = await registerUser({ name: "Snelle Raadverkoper" });
    const orders = [await heldOrder("Snel A", ownSeller), await heldOrder("Snel B", ownSeller), await heldOrder("Snel C", ownSeller)];
    const guesses = await Promise.all(
      orders.map(async ({ orderId }) => {
        const code = (await orderRow(orderId)).pickupCode!;
        return Array.from({ length: HANDOVER_LIMIT.max - 1 }, (_, i) => ({ orderId, guess: String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0") }));
      }),
    );
    const answers = await Promise.all(guesses.flat().map(({ orderId, guess }) => handover(ownSeller, orderId, guess)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(HANDOVER_SELLER_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(statuses.length - HANDOVER_SELLER_LIMIT.max);
    const attempts = await db.order.findMany({ where: { id: { in: orders.map((o) => o.orderId) } }, select: { handoverAttempts: true } });
    expect(attempts.reduce((sum, o) => sum + o.handoverAttempts, 0)).toBe(HANDOVER_SELLER_LIMIT.max);
  });

  it("a code must be 6 digits (422), and a malformed one is not counted", async () => {
    const { orderId } = await heldOrder();
    const before = await orderRow(orderId);
    for (const code of ["12345", "1234567", "abcdef", undefined, 123456]) {
      const res = await handover(seller, orderId, code);
      expect(res.status).toBe(422);
      expect(res.body.errors[0].field).toBe("code");
    }
    expect(await orderRow(orderId)).toEqual(before);
  });

  it("only the seller may enter the code: the buyer gets 403, a stranger 404", async () => {
    const { buyer, orderId } = await heldOrder();
    const before = await orderRow(orderId);
    const byBuyer = await handover(buyer, orderId, before.pickupCode);
    expect(byBuyer.status).toBe(403);
    expect(byBuyer.body).toEqual(ONLY_SELLER);
    const byStranger = await handover(stranger, orderId, before.pickupCode);
    expect(byStranger.status).toBe(404);
    expect(byStranger.body).toEqual(NOT_FOUND);
    expect(await orderRow(orderId)).toEqual(before);
  });

  it("no handover after the buyer confirmed, nor before payment (409 invalid_state)", async () => {
    const confirmed = await confirmedOrder();
    const before = await orderRow(confirmed.orderId);
    expectInvalidState(await handover(seller, confirmed.orderId, before.pickupCode));
    expect(await orderRow(confirmed.orderId)).toEqual(before);

    const unpaid = await unpaidOrder();
    expectInvalidState(await handover(seller, unpaid.orderId, "123456"));
    expect((await orderRow(unpaid.orderId)).status).toBe("pending");
  });
});

describe("seller-cancel", () => {
  it("the seller cancels a paid order: full refund, and the product leaves the catalogue", async () => {
    const { buyer, orderId, productId } = await heldOrder("Weggegeven bank");
    const res = await sellerCancel(seller, orderId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: orderId, status: "refunded", delivery_status: "pending", actions: [] });
    expect(res.body.refunded_at).not.toBeNull();

    expect(await ledgerOf(orderId)).toEqual([
      ["buyer_payment", 15698],
      ["buyer_refund", 15698],
    ]);
    const refund = await db.ledgerEntry.findFirstOrThrow({ where: { orderId, kind: "buyer_refund" } });
    expect(refund.providerRef).toMatch(/^re_testmode_[0-9a-f]{24}$/);
    expect(await checkLedger([orderId])).toEqual([]);

    expect((await productRow(productId)).deletedAt).not.toBeNull();
    expect((await call(getProduct, { ip: IP, params: { id: productId } })).status).toBe(404);
    expect(await eventsOf(buyer.id, orderId)).toEqual(["order.cancelled_by_seller", "order.paid"]);
    const mine = await call(listOrders, { token: buyer.token, ip: IP });
    expect(mine.body[0]).toMatchObject({ id: orderId, status: "refunded", pickup_code: null });
  });

  it("only the seller may cancel: the buyer gets 403, a stranger 404", async () => {
    const { buyer, orderId, productId } = await heldOrder();
    const before = await orderRow(orderId);
    const byBuyer = await sellerCancel(buyer, orderId);
    expect(byBuyer.status).toBe(403);
    expect(byBuyer.body).toEqual(ONLY_SELLER);
    const byStranger = await sellerCancel(stranger, orderId);
    expect(byStranger.status).toBe(404);
    expect(byStranger.body).toEqual(NOT_FOUND);
    expect(await orderRow(orderId)).toEqual(before);
    expect(await ledgerOf(orderId)).toEqual([["buyer_payment", 15698]]);
    expect((await productRow(productId)).deletedAt).toBeNull();
  });

  it("cannot cancel after the handover or before payment (409 invalid_state)", async () => {
    const confirmed = await confirmedOrder();
    const before = await orderRow(confirmed.orderId);
    expectInvalidState(await sellerCancel(seller, confirmed.orderId));
    expect(await orderRow(confirmed.orderId)).toEqual(before);
    expect(await ledgerOf(confirmed.orderId)).toEqual([["buyer_payment", 15698]]);
    expect((await productRow(confirmed.productId)).deletedAt).toBeNull();

    const unpaid = await unpaidOrder();
    expectInvalidState(await sellerCancel(seller, unpaid.orderId));
    expect((await orderRow(unpaid.orderId)).status).toBe("pending");
  });
});

describe("what the buyer and the seller see", () => {
  it("paying tells the buyer (order.paid) and the seller (order.sold)", async () => {
    const { buyer, orderId } = await heldOrder("Houten speelgoedtrein");
    expect(await eventsOf(buyer.id, orderId)).toEqual(["order.paid"]);
    expect(await eventsOf(seller.id, orderId)).toEqual(["order.sold"]);
    const sold = await db.notification.findFirstOrThrow({ where: { userId: seller.id, event: "order.sold", data: { path: ["orderId"], equals: orderId } } });
    expect(sold.message).toContain("Houten speelgoedtrein");
  });

  it("only the buyer sees the pickup code, and only until the handover", async () => {
    const { buyer, orderId } = await heldOrder();
    const code = (await orderRow(orderId)).pickupCode;
    const mine = await call(listOrders, { token: buyer.token, ip: IP });
    expect(mine.body[0]).toMatchObject({ id: orderId, role: "buyer", pickup_code: code, actions: ["confirm_delivery", "dispute"] });
    const sales = await call(listOrders, { token: seller.token, ip: IP, path: "/api/transactions?role=seller" });
    expect(sales.body.find((o: { id: string }) => o.id === orderId)).toMatchObject({ role: "seller", pickup_code: null, actions: ["handover", "seller_cancel"] });

    await handover(seller, orderId, code);
    const after = await call(listOrders, { token: buyer.token, ip: IP });
    expect(after.body[0]).toMatchObject({ id: orderId, delivery_status: "confirmed", pickup_code: null });
  });

  it("the exact pickup address for the paying buyer and the seller; only the place before payment", async () => {
    const utrecht = PLACES.utrecht;
    const exact = { coordinates: { lat: utrecht.lat, lng: utrecht.lng }, address: utrecht.address, approximate: false };
    const { buyer, orderId, sessionId } = await unpaidOrder("Schommelstoel");

    const unpaid = (await call(listOrders, { token: buyer.token, ip: IP })).body[0];
    expect(unpaid).toMatchObject({ id: orderId, status: "pending", pickup_address: null, pickup_code: null, actions: ["cancel"] });
    // The place, and the position rounded to a ~1 km grid cell.
    expect(unpaid.pickup_location).toEqual({ coordinates: { lat: 52.09, lng: 5.12 }, address: "Utrecht", approximate: true });

    const sellerView = (await call(listOrders, { token: seller.token, ip: IP, path: "/api/transactions?role=seller" })).body.find(
      (o: { id: string }) => o.id === orderId,
    );
    expect(sellerView).toMatchObject({ pickup_address: utrecht.address, pickup_location: exact, actions: [] });

    await press(buyer, sessionId, "pay");
    const paid = (await call(listOrders, { token: buyer.token, ip: IP })).body[0];
    expect(paid).toMatchObject({ status: "held", pickup_address: utrecht.address, pickup_location: exact });
  });
});

describe("GET /api/transactions", () => {
  it("lists the buyer's orders by default and the sales with role=seller, newest first, with X-Total-Count", async () => {
    const shopSeller = await registerUser({ name: "Winkel Verkoper" });
    const shopper = await registerUser({ name: "Lotte Smit" });
    const first = await productOf(shopSeller, 1000, "Eerste");
    const second = await productOf(shopSeller, 2000, "Tweede");
    const third = await productOf(shopSeller, 3000, "Derde");
    const cancelled = await pendingOrder(shopper, first);
    expect((await cancel(shopper, cancelled.orderId)).status).toBe(200);
    // Paid before the open one: a buyer's new checkout replaces their unpaid one.
    const held = await buyAndPay(shopper, third);
    const pending = await pendingOrder(shopper, second);

    const buyerList = await call(listOrders, { token: shopper.token, ip: IP });
    expect(buyerList.status).toBe(200);
    expect(buyerList.headers.get("x-total-count")).toBe("3");
    expect(buyerList.body.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([
      [pending.orderId, "pending"],
      [held.orderId, "held"],
      [cancelled.orderId, "cancelled"],
    ]);
    expect(buyerList.body[1]).toMatchObject({
      role: "buyer",
      buyer_id: shopper.id,
      seller_id: shopSeller.id,
      buyer_name: "Lotte Smit",
      seller_name: "Winkel Verkoper",
      product_id: third,
      product: { id: third, title: "Derde", image: `/uploads/products/${third}-0-thumb.webp` },
      amount: 30,
      commission: 1.5,
      total_amount: 31.5,
      currency: "eur",
    });
    const explicit = await call(listOrders, { token: shopper.token, ip: IP, path: "/api/transactions?role=buyer" });
    expect(explicit.body).toEqual(buyerList.body);

    // The seller's sales leave out checkouts that never got paid and were cancelled.
    const sales = await call(listOrders, { token: shopSeller.token, ip: IP, path: "/api/transactions?role=seller" });
    expect(sales.headers.get("x-total-count")).toBe("2");
    expect(sales.body.map((o: { id: string; role: string }) => [o.id, o.role])).toEqual([
      [pending.orderId, "seller"],
      [held.orderId, "seller"],
    ]);
    // As a buyer the seller has bought nothing.
    const sellerAsBuyer = await call(listOrders, { token: shopSeller.token, ip: IP });
    expect(sellerAsBuyer.body).toEqual([]);
    expect(sellerAsBuyer.headers.get("x-total-count")).toBe("0");

    const page = await call(listOrders, { token: shopper.token, ip: IP, path: "/api/transactions?limit=1&skip=1" });
    expect(page.headers.get("x-total-count")).toBe("3");
    expect(page.body.map((o: { id: string }) => o.id)).toEqual([held.orderId]);
  });

  it("refuses an unknown role (422) and anonymous callers (401)", async () => {
    const bad = await call(listOrders, { token: stranger.token, ip: IP, path: "/api/transactions?role=admin" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toEqual({ field: "role", message: "role must be buyer or seller" });
    const anonymous = await call(listOrders, { ip: IP });
    expect(anonymous.status).toBe(401);
  });
});

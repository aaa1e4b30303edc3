/**
 * GET /api/transactions?status=active|completed|cancelled|all: every
 * cancelled or failed payment attempt is a cancelled order, so the list filters. Without
 * `status` the answer is what the apps have always had (every order); `all` is every
 * order but the unpaid attempts, the web page's default. And DELETE /api/users/me's
 * refusal names, for an order only waiting for its automatic payout, the day it is paid.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listOrders } from "@/app/api/transactions/route";
import { POST as confirmDelivery } from "@/app/api/transactions/[id]/confirm-delivery/route";
import { DELETE as deleteMe } from "@/app/api/users/me/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { buyAndPay, cartCheckout, press, productOf } from "../../support/orders";

let seller: RegisteredUser;
let buyer: RegisteredUser;
let held: string;
let completed: string;
let refunded: string;

async function list(user: RegisteredUser, query = "") {
  const res = await call(listOrders, { token: user.token, path: `/api/transactions${query}` });
  return { status: res.status, ids: Array.isArray(res.body) ? (res.body as { id: string }[]).map((o) => o.id).sort() : [], total: res.headers.get("x-total-count"), body: res.body };
}

beforeAll(async () => {
  seller = await registerUser({ name: "Filter Verkoper" });
  buyer = await registerUser({ name: "Filter Koper" });
  const chair = await productOf(seller, 2000, "Stoel");
  const table = await productOf(seller, 3000, "Tafel");
  // Two attempts on a two-item cart, one cancelled and one failed: four unpaid orders.
  for (const action of ["cancel", "fail"] as const) {
    const started = await cartCheckout(buyer, [chair, table]);
    expect(started.status).toBe(200);
    expect((await press(buyer, started.body.session_id, action)).status).toBe(200);
  }
  held = (await buyAndPay(buyer, chair)).orderId;
  completed = (await buyAndPay(buyer, table)).orderId;
  refunded = (await buyAndPay(buyer, await productOf(seller, 1500, "Lamp"))).orderId;
  await db.order.update({ where: { id: completed }, data: { status: "completed", deliveryStatus: "confirmed", completedAt: new Date() } });
  await db.order.update({ where: { id: refunded }, data: { status: "refunded", refundedAt: new Date() } });
});

describe("GET /api/transactions?status=", () => {
  it("without status answers every order, as before", async () => {
    const all = await list(buyer);
    expect(all.status).toBe(200);
    expect(all.ids).toHaveLength(7);
    expect(all.total).toBe("7");
  });

  it("all leaves out the unpaid attempts; active, completed and cancelled filter", async () => {
    expect((await list(buyer, "?status=all")).ids).toEqual([held, completed, refunded].sort());
    expect((await list(buyer, "?status=all")).total).toBe("3");
    expect((await list(buyer, "?status=active")).ids).toEqual([held]);
    expect((await list(buyer, "?status=completed")).ids).toEqual([completed]);
    const cancelled = await list(buyer, "?status=cancelled");
    expect(cancelled.ids).toHaveLength(5);
    expect(cancelled.ids).toContain(refunded);
    expect(cancelled.total).toBe("5");
  });

  it("filters a seller's sales too, and pages within the filter", async () => {
    expect((await list(seller, "?role=seller&status=active")).ids).toEqual([held]);
    const page = await list(buyer, "?status=cancelled&limit=2&skip=4");
    expect(page.ids).toHaveLength(1);
    expect(page.total).toBe("5");
  });

  it("refuses an unknown status with a clear error", async () => {
    const res = await list(buyer, "?status=open");
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain("status must be");
  });
});

describe("DELETE /api/users/me while a payout is due", () => {
  it("names the day of the automatic payout for an order that only waits for it", async () => {
    const confirmed = await call(confirmDelivery, { token: buyer.token, params: { id: held }, json: { confirmation_type: "delivered" } });
    expect(confirmed.status).toBe(200);
    const releaseAt = confirmed.body.auto_release_at as string;
    expect(releaseAt).toBeTruthy();
    const res = await call(deleteMe, { token: seller.token, method: "DELETE", json: { password: seller.password } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("account_has_open_orders");
    expect(res.body.open).toEqual([
      { type: "sale", id: held, product_title: "Stoel", status: "held", delivery_status: "confirmed", auto_release_at: releaseAt },
    ]);
    expect(res.body.possible_from).toBe(releaseAt);
    // Nothing changed.
    expect((await db.user.findUniqueOrThrow({ where: { id: seller.id } })).deletedAt).toBeNull();
  });
});

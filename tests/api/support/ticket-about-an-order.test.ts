// A ticket about an order (POST /api/support/tickets with category "order" and order_id):
// the buyer or the seller may name the order, nobody else; the owner and staff see the
// order beside the ticket.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listOwn, POST as createRoute } from "@/app/api/support/tickets/route";
import { GET as getRoute } from "@/app/api/support/tickets/[id]/route";
import { GET as adminList } from "@/app/api/admin/tickets/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { buyAndPay, makeAdmin, productOf } from "../../support/orders";

const IP = "198.51.100.62";
let buyer: RegisteredUser;
let seller: RegisteredUser;
let stranger: RegisteredUser;
let admin: RegisteredUser;
let orderId: string;
let productId: string;

beforeAll(async () => {
  buyer = await registerUser({ name: "Sanne de Vries" });
  seller = await registerUser({ name: "Jeroen Smit" });
  stranger = await registerUser({ name: "Kees Visser" });
  admin = await registerUser({ name: "Beheerder" });
  await makeAdmin(admin);
  productId = await productOf(seller, 4500, "Houten kinderstoel");
  orderId = (await buyAndPay(buyer, productId)).orderId;
});

const about = (user: RegisteredUser, json: Record<string, unknown>) =>
  call(createRoute, { token: user.token, ip: IP, json: { subject: "Stoel niet ontvangen", message: "Waar blijft mijn pakket?", ...json } });

describe("naming an order in a ticket", () => {
  it("the buyer opens a ticket about their order and sees it beside the ticket", async () => {
    const res = await about(buyer, { category: "order", order_id: orderId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      category: "order",
      order_id: orderId,
      order: { id: orderId, product_id: productId, product_title: "Houten kinderstoel", status: "held", owner_role: "buyer" },
    });
    const mine = await call(listOwn, { token: buyer.token, ip: IP });
    expect(mine.body.find((t: { id: string }) => t.id === res.body.id)?.order?.product_title).toBe("Houten kinderstoel");
  });

  it("the seller may name the same order", async () => {
    const res = await about(seller, { category: "order", order_id: orderId });
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({ id: orderId, owner_role: "seller" });
  });

  it("refuses someone else's order or an unknown id with 422 order_not_found and stores nothing", async () => {
    const before = await db.supportTicket.count();
    for (const id of [orderId, crypto.randomUUID(), "12345"]) {
      const res = await about(stranger, { category: "order", order_id: id });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("order_not_found");
      expect(res.body.errors).toEqual([{ field: "order_id", message: "Order not found" }]);
    }
    expect(await db.supportTicket.count()).toBe(before);
  });

  it("a ticket without an order carries order null", async () => {
    const res = await about(buyer, { category: "account" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ category: "account", order_id: null, order: null });
  });

  it("refuses an unknown category", async () => {
    const res = await about(buyer, { category: "orders" });
    expect(res.status).toBe(422);
  });
});

describe("staff see the order", () => {
  it("in the admin list and in the ticket itself", async () => {
    const opened = await about(buyer, { category: "order", order_id: orderId, subject: "Voor de beheerder" });
    const list = await call(adminList, { token: admin.token, ip: IP });
    expect(list.status).toBe(200);
    const row = list.body.find((t: { id: string }) => t.id === opened.body.id);
    expect(row.order).toMatchObject({ id: orderId, product_title: "Houten kinderstoel", owner_role: "buyer" });
    const detail = await call(getRoute, { token: admin.token, ip: IP, params: { id: opened.body.id } });
    expect(detail.body.ticket.order).toMatchObject({ id: orderId, status: "held" });
  });
});

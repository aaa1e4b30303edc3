// Reservations cannot be hoarded (docs/payments.md "Reservation limits"): one open
// checkout per buyer, so nine cart checkouts of 12 items reserve at most 12 at a time;
// an account that lets reservations lapse unpaid three times in a day has to wait; and
// starting the same checkout again neither extends the hold nor escapes that count.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { runJobs } from "@/lib/domains/jobs";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { cartCheckout, lapseCheckout, pendingOrder, productOf } from "../../support/orders";

let sellers: RegisteredUser[];

beforeAll(async () => {
  sellers = [];
  for (let i = 0; i < 3; i++) sellers.push(await registerUser({ name: `Hamsterverkoper ${i}` }));
}, 60_000);

async function reservedBy(buyerId: string): Promise<number> {
  return db.product.count({ where: { status: "reserved", orders: { some: { buyerId, status: "pending" } } } });
}

describe("reservation hoarding", () => {
  it("nine cart checkouts of 12 items by one account reserve at most 12 items", async () => {
    const hoarder = await registerUser({ name: "Hamsteraar" });
    const products: string[] = [];
    for (let i = 0; i < 108; i++) products.push(await productOf(sellers[i % 3]!, 500 + i, `Hamsterwaar ${i}`));
    for (let round = 0; round < 9; round++) {
      await db.cartItem.deleteMany({ where: { userId: hoarder.id } });
      const res = await cartCheckout(hoarder, products.slice(round * 12, round * 12 + 12));
      expect(res.status, `round ${round}`).toBe(200);
      expect(await reservedBy(hoarder.id)).toBeLessThanOrEqual(12);
    }
    expect(await reservedBy(hoarder.id)).toBe(12);
    expect(await db.checkoutSession.count({ where: { buyerId: hoarder.id, status: "open" } })).toBe(1);
    // Everyone else can buy the 96 items the earlier checkouts held.
    const buyer = await registerUser({ name: "Echte Koper" });
    const { orderId } = await pendingOrder(buyer, products[0]!);
    expect(orderId).toBeTruthy();
  }, 120_000);

  it("refuses more than 12 items in one checkout", async () => {
    const buyer = await registerUser({ name: "Grote Winkelwagen" });
    const ids: string[] = [];
    for (let i = 0; i < 13; i++) ids.push(await productOf(sellers[0]!, 700 + i, `Veel ${i}`));
    const res = await cartCheckout(buyer, ids);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("too_many_items");
  }, 60_000);

  it("three lapsed reservations in a day: new checkouts are refused for a while, with a clear message", async () => {
    const buyer = await registerUser({ name: "Laat Betaler" });
    for (let i = 0; i < 3; i++) {
      const productId = await productOf(sellers[1]!, 900 + i, `Verlopen ${i}`);
      const { sessionId } = await pendingOrder(buyer, productId);
      await lapseCheckout(sessionId);
      await runJobs();
    }
    const next = await productOf(sellers[1]!, 999, "Nog eentje");
    await db.cartItem.deleteMany({ where: { userId: buyer.id } });
    const refused = await cartCheckout(buyer, [next]);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "too_many_lapsed", detail: "You let several reservations expire without paying. You can check out again later." });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    expect((await db.product.findUniqueOrThrow({ where: { id: next } })).status).toBe("available");
  }, 60_000);

  it("starting the same checkout again before it expires does not move the hold forward", async () => {
    const buyer = await registerUser({ name: "Vernieuwer" });
    const lamp = await productOf(sellers[0]!, 1200, "Vernieuwde lamp");
    const chair = await productOf(sellers[1]!, 1300, "Vernieuwde stoel");
    expect((await cartCheckout(buyer, [lamp, chair])).status).toBe(200);
    // Time passes: the hold has a minute left.
    const endsSoon = new Date(Date.now() + 60_000);
    await db.product.updateMany({ where: { id: { in: [lamp, chair] } }, data: { reservedUntil: endsSoon } });
    const again = await cartCheckout(buyer, [lamp, chair]);
    expect(again.status).toBe(200);
    for (const id of [lamp, chair]) {
      expect(await db.product.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "reserved", reservedUntil: endsSoon });
    }
    // A new item in the same checkout gets a hold of its own.
    const vase = await productOf(sellers[2]!, 1400, "Nieuwe vaas");
    expect((await cartCheckout(buyer, [vase])).status).toBe(200);
    const vaseRow = await db.product.findUniqueOrThrow({ where: { id: vase } });
    expect(vaseRow.reservedUntil!.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect((await db.product.findUniqueOrThrow({ where: { id: lamp } })).reservedUntil).toEqual(endsSoon);
    // Once that first hold is over, the checkout ends with it and the items are for sale.
    await db.product.updateMany({ where: { id: { in: [lamp, chair] } }, data: { reservedUntil: new Date(Date.now() - 1000) } });
    await runJobs();
    expect(await db.checkoutSession.count({ where: { buyerId: buyer.id, status: "open" } })).toBe(0);
    for (const id of [lamp, chair, vase]) expect(await db.product.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "available", reservedUntil: null });
    const other = await registerUser({ name: "Geduldige Koper" });
    expect((await pendingOrder(other, lamp)).orderId).toBeTruthy();
  }, 60_000);

  it("holding the same items again and again counts as letting them lapse: the limit kicks in", async () => {
    const buyer = await registerUser({ name: "Eeuwige Vasthouder" });
    const items = [await productOf(sellers[0]!, 1500, "Vastgehouden 1"), await productOf(sellers[1]!, 1600, "Vastgehouden 2")];
    // The first checkout and three restarts: each restart ends the one before unpaid.
    for (let i = 0; i < 4; i++) expect((await cartCheckout(buyer, items)).status, `start ${i}`).toBe(200);
    const open = await db.checkoutSession.findFirstOrThrow({ where: { buyerId: buyer.id, status: "open" } });
    const refused = await cartCheckout(buyer, items);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "too_many_lapsed" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    // The last checkout keeps its hold until it ends; nothing was renewed.
    expect(await db.checkoutSession.findFirstOrThrow({ where: { buyerId: buyer.id, status: "open" } })).toEqual(open);
    expect(await reservedBy(buyer.id)).toBe(2);
  }, 60_000);

  it("replacing a checkout with one for other items is no lapse", async () => {
    const buyer = await registerUser({ name: "Twijfelaar" });
    for (let i = 0; i < 5; i++) {
      const item = await productOf(sellers[2]!, 1700 + i, `Telkens anders ${i}`);
      await db.cartItem.deleteMany({ where: { userId: buyer.id } });
      expect((await cartCheckout(buyer, [item])).status, `start ${i}`).toBe(200);
    }
  }, 60_000);
});

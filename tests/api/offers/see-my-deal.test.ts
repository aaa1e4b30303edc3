// The viewer's deal on GET /api/products/{id} (`your_deal`): the cached
// product page asks for it in the browser. A buyer with an accepted offer whose price
// still holds gets the offer; after paying, the order; anyone else (the seller, a
// stranger, a visitor) gets null.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as startRoute } from "@/app/api/conversations/route";
import { POST as offerRoute } from "@/app/api/conversations/[id]/offers/route";
import { POST as acceptRoute } from "@/app/api/offers/[id]/accept/route";
import { GET as getProduct } from "@/app/api/products/[id]/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { buyAndPay, checkout, press, productOf } from "../../support/orders";

const IP = "198.51.100.93";

let seller: RegisteredUser;
let buyer: RegisteredUser;
let stranger: RegisteredUser;

beforeAll(async () => {
  seller = await registerUser({ name: "Tijs van den Berg" });
  buyer = await registerUser({ name: "Sanne de Vries" });
  stranger = await registerUser({ name: "Daan Jansen" });
});

async function dealOf(productId: string, user?: RegisteredUser) {
  const res = await call(getProduct, { token: user?.token, params: { id: productId } });
  expect(res.status).toBe(200);
  return res.body.your_deal as unknown;
}

async function acceptedOffer(productId: string, amount: string) {
  const started = await call(startRoute, { ip: IP, token: buyer.token, json: { product_id: productId, recipient_id: seller.id, initial_message: "Nog te koop?" } });
  const made = await call(offerRoute, { ip: IP, token: buyer.token, params: { id: started.body.id }, json: { amount } });
  expect(made.status).toBe(201);
  const accepted = await call(acceptRoute, { ip: IP, token: seller.token, method: "POST", params: { id: made.body.id }, json: {} });
  expect(accepted.status).toBe(200);
  return made.body.id as string;
}

describe("your_deal on the product", () => {
  it("is the accepted offer for its buyer only, until it lapses", async () => {
    const productId = await productOf(seller, 10000, "Eikenhouten kast");
    const offerId = await acceptedOffer(productId, "80");
    expect(await dealOf(productId, buyer)).toMatchObject({ kind: "offer", offer_id: offerId, amount: 80, amount_cents: 8000 });
    for (const other of [seller, stranger, undefined]) expect(await dealOf(productId, other)).toBeNull();
    await db.offer.update({ where: { id: offerId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await dealOf(productId, buyer)).toBeNull();
  });

  it("is the paid order for its buyer; an unpaid checkout is no deal", async () => {
    const productId = await productOf(seller, 4500, "Leeslamp");
    const started = await checkout(buyer, productId);
    expect(await dealOf(productId, buyer)).toBeNull();
    await press(buyer, started.body.session_id, "cancel");
    const { orderId } = await buyAndPay(buyer, productId);
    expect(await dealOf(productId, buyer)).toMatchObject({ kind: "bought", order_id: orderId, status: "held", pickup: true });
    for (const other of [seller, stranger, undefined]) expect(await dealOf(productId, other)).toBeNull();
  });

  it("shows the exact pickup address to the buyer once paid, and to no one else but the seller", async () => {
    const productId = await productOf(seller, 3500, "Bureaustoel");
    const view = async (user?: RegisteredUser) => (await call(getProduct, { token: user?.token, params: { id: productId } })).body;
    const before = await view(buyer);
    expect(before.pickup_location.approximate).toBe(true);
    await buyAndPay(buyer, productId);
    const paid = await view(buyer);
    expect(paid.pickup_location.approximate).toBe(false);
    expect(paid.pickup_address).not.toBe(before.pickup_address);
    expect((await view(seller)).pickup_location.approximate).toBe(false);
    for (const other of [stranger, undefined]) expect((await view(other)).pickup_location.approximate).toBe(true);
  });
});

// A cart with items of several sellers (docs/shipping.md "Checkout"): one delivery choice
// per seller's parcel (`delivery_by_seller`), pickup at one seller and shipping from
// another in one payment; the single `delivery_method` of older clients still works when
// every item allows it; wrong combinations are refused with a code and reserve nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as addToCart } from "@/app/api/cart/add/route";
import { POST as cartRoute } from "@/app/api/payments/create-checkout-cart/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { productOf, sessionRow } from "../../support/orders";
import { HOME, shippedProduct } from "../../support/shipping";

const IP = "198.51.100.54";

let haarlem: RegisteredUser;
let utrecht: RegisteredUser;

beforeAll(async () => {
  haarlem = await registerUser({ name: "Lotte Kramer" });
  utrecht = await registerUser({ name: "Bram Dekker" });
});

/** A fresh buyer with a pickup-only lamp (Haarlem's seller) and a chair that ships (parcel, 7,25) in the cart. */
async function twoSellerCart() {
  const buyer = await registerUser({ name: "Eva Mulder" });
  const lamp = await productOf(haarlem, 3500, "Staande lamp");
  const chair = await shippedProduct(utrecht, { priceCents: 2000, size: "parcel", title: "Houten stoel" });
  for (const id of [lamp, chair]) {
    const added = await call(addToCart, { token: buyer.token, ip: IP, method: "POST", path: `/api/cart/add?product_id=${id}` });
    expect(added.status).toBe(200);
  }
  return { buyer, lamp, chair };
}

function pay(buyer: RegisteredUser, body: Record<string, unknown>) {
  return call(cartRoute, { token: buyer.token, ip: IP, json: { origin_url: "http://localhost:3000", ...body } });
}

async function reservedCount(ids: string[]) {
  return db.product.count({ where: { id: { in: ids }, status: "reserved" } });
}

describe("POST /api/payments/create-checkout-cart with delivery_by_seller", () => {
  it("picks up one seller's parcel and ships the other's, charging that parcel's shipping only", async () => {
    const { buyer, lamp, chair } = await twoSellerCart();
    const res = await pay(buyer, { delivery_by_seller: { [haarlem.id]: "pickup", [utrecht.id]: "shipping" }, shipping_address: HOME });
    expect(res.status).toBe(200);
    const session = await sessionRow(res.body.session_id);
    // Items 35,00 + 20,00, fees 1,75 + 1,00, shipping 7,25 for the one parcel.
    expect(session.amountTotalCents).toBe(3500 + 2000 + 175 + 100 + 725);
    const byProduct = new Map(session.orders.map((o) => [o.productId, o]));
    expect(byProduct.get(lamp)).toMatchObject({ deliveryMethod: "pickup", shippingCents: 0, parcelId: null });
    expect(byProduct.get(chair)).toMatchObject({ deliveryMethod: "shipping", shippingCents: 725 });
    const parcels = await db.parcel.findMany({ where: { checkoutSessionId: session.id } });
    expect(parcels.map((p) => [p.sellerId, p.shippingCents])).toEqual([[utrecht.id, 725]]);
  });

  it("picks up both when each seller's choice is pickup, with no address needed", async () => {
    const { buyer } = await twoSellerCart();
    const res = await pay(buyer, { delivery_by_seller: { [haarlem.id]: "pickup", [utrecht.id]: "pickup" } });
    expect(res.status).toBe(200);
    expect((await sessionRow(res.body.session_id)).amountTotalCents).toBe(3500 + 2000 + 175 + 100);
  });

  it("refuses shipping for a seller whose listing is pickup only (422 delivery_not_offered), reserving nothing", async () => {
    const { buyer, lamp, chair } = await twoSellerCart();
    const res = await pay(buyer, { delivery_by_seller: { [haarlem.id]: "shipping", [utrecht.id]: "shipping" }, shipping_address: HOME });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("delivery_not_offered");
    expect(res.body.errors[0].field).toBe(`delivery_by_seller.${haarlem.id}`);
    expect(res.body.detail).toContain("Staande lamp");
    expect(await reservedCount([lamp, chair])).toBe(0);
    expect(await db.checkoutSession.count({ where: { buyerId: buyer.id } })).toBe(0);
  });

  it("refuses a seller with nothing in the cart (422 delivery_seller_not_in_checkout)", async () => {
    const { buyer, lamp, chair } = await twoSellerCart();
    const stranger = await registerUser({ name: "Nina Bos" });
    const res = await pay(buyer, { delivery_by_seller: { [haarlem.id]: "pickup", [stranger.id]: "pickup" } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("delivery_seller_not_in_checkout");
    expect(await reservedCount([lamp, chair])).toBe(0);
  });

  it("refuses a product's own choice that splits a parcel given a choice (422 delivery_choice_conflict)", async () => {
    const { buyer, chair } = await twoSellerCart();
    const res = await pay(buyer, {
      delivery_by_seller: { [haarlem.id]: "pickup", [utrecht.id]: "pickup" },
      delivery_methods: { [chair]: "shipping" },
      shipping_address: HOME,
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("delivery_choice_conflict");
  });

  it("refuses a choice that is neither pickup nor shipping (422)", async () => {
    const { buyer } = await twoSellerCart();
    const res = await pay(buyer, { delivery_by_seller: { [haarlem.id]: "drone" } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toContain("delivery_by_seller");
  });
});

describe("the single delivery_method of older clients", () => {
  it("still works when every item allows it", async () => {
    const { buyer } = await twoSellerCart();
    const res = await pay(buyer, { delivery_method: "pickup" });
    expect(res.status).toBe(200);
    expect((await sessionRow(res.body.session_id)).amountTotalCents).toBe(3500 + 2000 + 175 + 100);
  });

  it("is refused with a code when one item does not allow it", async () => {
    const { buyer, lamp, chair } = await twoSellerCart();
    const res = await pay(buyer, { delivery_method: "shipping", shipping_address: HOME });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "delivery_not_offered", errors: [{ field: "delivery_method" }] });
    expect(await reservedCount([lamp, chair])).toBe(0);
  });
});

// A checkout charges no more than the buyer was shown (docs/payments.md "The price the
// buyer saw"): the client may send what it showed (expected_price, expected_prices,
// expected_total) and the cart remembers the price at add-time for clients that send
// nothing; a higher price is refused (409 price_changed, with the prices that hold now)
// and nothing is reserved. The amounts fixed at checkout start are what is paid.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as productPageCheckout } from "@/app/api/payment/create-checkout/route";
import { POST as cardCheckout } from "@/app/api/payments/create-checkout/route";
import { POST as cartCheckoutRoute } from "@/app/api/payments/create-checkout-cart/route";
import { POST as addToCart } from "@/app/api/cart/add/route";
import { PUT as updateProduct } from "@/app/api/products/[id]/route";
import { db } from "@/lib/platform/db/client";
import { checkLedger } from "@/lib/domains/orders/ledger";
import { call, type CallResult } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { ensureCategories, listingPayload, listProduct } from "../../support/catalog";
import { ledgerOf, press, productOf, productRow, sessionRow } from "../../support/orders";

const ORIGIN = "http://localhost:3000";
let seller: RegisteredUser;

beforeAll(async () => {
  await ensureCategories();
  seller = await registerUser({ name: "Prijsverhoger" });
});

async function add(buyer: RegisteredUser, productId: string) {
  const res = await call(addToCart, { token: buyer.token, method: "POST", path: `/api/cart/add?product_id=${productId}` });
  expect(res.status).toBe(200);
}

function cartCheckout(buyer: RegisteredUser, extra: Record<string, unknown> = {}): Promise<CallResult> {
  return call(cartCheckoutRoute, { token: buyer.token, json: { origin_url: ORIGIN, ...extra } });
}

function buyNow(buyer: RegisteredUser, productId: string, extra: Record<string, unknown> = {}): Promise<CallResult> {
  return call(productPageCheckout, { token: buyer.token, json: { product_id: productId, ...extra } });
}

/** The seller edits the price through the real endpoint. */
async function setPrice(productId: string, euros: number) {
  const res = await call(updateProduct, { token: seller.token, method: "PUT", params: { id: productId }, json: await listingPayload(seller, { price: euros }) });
  expect(res.status).toBe(200);
}

async function nothingReserved(buyer: RegisteredUser, productIds: string[]) {
  expect(await db.order.count({ where: { buyerId: buyer.id } })).toBe(0);
  expect(await db.checkoutSession.count({ where: { buyerId: buyer.id } })).toBe(0);
  for (const id of productIds) expect((await productRow(id)).status).toBe("available");
}

describe("the cart remembers the price the buyer saw", () => {
  it("€10 in the cart, raised to €52.50: a client that sends nothing is refused once with the new price, then charged it", async () => {
    const buyer = await registerUser({ name: "Verraste Koper" });
    const product = await listProduct(seller, { price: 10 });
    await add(buyer, product.id);
    await setPrice(product.id, 52.5);

    const refused = await cartCheckout(buyer);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "price_changed",
      detail: "The price has changed since you looked. Please check the new price and try again.",
      items: [{ product_id: product.id, price: 52.5, commission: 2.63, shown_price: 10 }],
      total: 55.13,
    });
    await nothingReserved(buyer, [product.id]);

    // The buyer has now been told: the next checkout charges the new price.
    const started = await cartCheckout(buyer);
    expect(started.status).toBe(200);
    const session = await sessionRow(started.body.session_id);
    expect(session.amountTotalCents).toBe(5513);
  });

  it("a price lowered since adding is charged as it is now", async () => {
    const buyer = await registerUser({ name: "Blije Koper" });
    const product = await listProduct(seller, { price: 20 });
    await add(buyer, product.id);
    await setPrice(product.id, 15);
    const started = await cartCheckout(buyer);
    expect(started.status).toBe(200);
    expect((await sessionRow(started.body.session_id)).amountTotalCents).toBe(1500 + 75);
  });

  it("the prices the web cart sends win over the remembered ones, and so does its total", async () => {
    const buyer = await registerUser({ name: "Webwinkelaar" });
    const lamp = await productOf(seller, 1000, "Lamp");
    const rug = await productOf(seller, 3000, "Kleed");
    await add(buyer, lamp);
    await add(buyer, rug);
    await db.product.update({ where: { id: rug }, data: { priceCents: 3500 } });

    // The page showed the old price of the rug: refused.
    const stale = await cartCheckout(buyer, { expected_prices: { [lamp]: 10, [rug]: 30 }, expected_total: 42 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("price_changed");
    expect(stale.body.items).toEqual(
      expect.arrayContaining([
        { product_id: rug, title: "Kleed", price: 35, commission: 1.75, shown_price: 30 },
        { product_id: lamp, title: "Lamp", price: 10, commission: 0.5, shown_price: 10 },
      ]),
    );
    expect(stale.body.total).toBe(47.25);
    await nothingReserved(buyer, [lamp, rug]);

    // Only the total was sent, and it is too low: refused as well.
    await db.cartItem.updateMany({ where: { userId: buyer.id }, data: { priceCents: null } });
    const lowTotal = await cartCheckout(buyer, { expected_total: 42 });
    expect(lowTotal.status).toBe(409);
    expect(lowTotal.body).toMatchObject({ code: "price_changed", total: 47.25, shown_total: 42 });

    // The page reloaded and showed the new prices.
    const started = await cartCheckout(buyer, { expected_prices: { [lamp]: 10, [rug]: 35 }, expected_total: 47.25 });
    expect(started.status).toBe(200);
    expect((await sessionRow(started.body.session_id)).amountTotalCents).toBe(4725);
  });

  it("adding the item again is seeing its new price", async () => {
    const buyer = await registerUser({ name: "Herhaler" });
    const productId = await productOf(seller, 1000, "Klok");
    await add(buyer, productId);
    await db.product.update({ where: { id: productId }, data: { priceCents: 1200 } });
    await add(buyer, productId);
    expect((await cartCheckout(buyer)).status).toBe(200);
  });
});

describe("Buy Now and the product cards send the price they showed", () => {
  it("the product page: a higher price than shown is refused with the new one; the shown price goes through", async () => {
    const buyer = await registerUser({ name: "Directe Koper" });
    const productId = await productOf(seller, 1000, "Fiets");
    await db.product.update({ where: { id: productId }, data: { priceCents: 5250 } });
    const refused = await buyNow(buyer, productId, { expected_price: 10, expected_total: 10.5 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "price_changed", items: [{ product_id: productId, price: 52.5, shown_price: 10 }], total: 55.13 });
    await nothingReserved(buyer, [productId]);

    const started = await buyNow(buyer, productId, { expected_price: 52.5, expected_total: 55.13 });
    expect(started.status).toBe(200);
    expect((await sessionRow(started.body.session_id)).amountTotalCents).toBe(5513);
  });

  it("the product cards (query parameters) likewise", async () => {
    const buyer = await registerUser({ name: "Kaartkoper" });
    const productId = await productOf(seller, 1000, "Stoel");
    await db.product.update({ where: { id: productId }, data: { priceCents: 1100 } });
    const query = new URLSearchParams({ product_id: productId, origin_url: ORIGIN, expected_price: "10" });
    const refused = await call(cardCheckout, { token: buyer.token, method: "POST", path: `/api/payments/create-checkout?${query}` });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("price_changed");
    await nothingReserved(buyer, [productId]);
  });

  it("without an expected price (the existing apps) Buy Now charges the current price", async () => {
    const buyer = await registerUser({ name: "App Koper" });
    const productId = await productOf(seller, 1000, "Tafel");
    expect((await buyNow(buyer, productId)).status).toBe(200);
  });

  it("an expected price that is not an amount is refused (422) and reserves nothing", async () => {
    const buyer = await registerUser({ name: "Rommelaar" });
    const productId = await productOf(seller, 1000, "Kast");
    for (const bad of ["tien", -1, "Infinity", { euros: 10 }]) {
      const res = await buyNow(buyer, productId, { expected_price: bad });
      expect(res.status, String(bad)).toBe(422);
      expect(res.body.errors[0].field).toBe("expected_price");
    }
    const cart = await cartCheckout(buyer, { expected_prices: { [productId]: "veel" } });
    expect(cart.status).toBe(422);
    await nothingReserved(buyer, [productId]);
  });

  it("an accepted offer's lower price is charged when the client showed the offer", async () => {
    const buyer = await registerUser({ name: "Bieder" });
    const productId = await productOf(seller, 4000, "Dressoir");
    const conversation = await db.conversation.create({ data: { productId, buyerId: buyer.id, sellerId: seller.id } });
    await db.offer.create({
      data: {
        conversationId: conversation.id,
        productId,
        buyerId: buyer.id,
        sellerId: seller.id,
        amountCents: 3000,
        status: "accepted",
        madeBy: "buyer",
        respondedAt: new Date(),
        expiresAt: new Date(Date.now() + 3600_000),
      },
    });
    const started = await buyNow(buyer, productId, { expected_price: 30 });
    expect(started.status).toBe(200);
    expect((await sessionRow(started.body.session_id)).amountTotalCents).toBe(3150);
  });
});

describe("the total with shipping the buyer saw", () => {
  it("a parcel size raised after the buyer saw the total is refused (409 price_changed) with the new total; that total goes through", async () => {
    const buyer = await registerUser({ name: "Pakketkoper" });
    const listed = await listProduct(seller, { price: 40, delivery_options: ["pickup", "shipping"], parcel_size: "mailbox" });
    const home = { name: "Pakket Koper", street: "Neude", house_number: "11", postcode: "3512 AE", city: "Utrecht", country: "NL" };
    // What the delivery dialog showed: €40 + €2 fee + the mailbox price to NL.
    const shownTotal = 42 + listed.shipping_prices.NL;
    const raised = await call(updateProduct, { token: seller.token, method: "PUT", params: { id: listed.id }, json: await listingPayload(seller, { price: 40, delivery_options: ["pickup", "shipping"], parcel_size: "large" }) });
    expect(raised.status).toBe(200);
    expect(raised.body.shipping_prices.NL).toBeGreaterThan(listed.shipping_prices.NL);

    const body = { delivery_method: "shipping", shipping_address: home, expected_price: 40 };
    const refused = await buyNow(buyer, listed.id, { ...body, expected_total: shownTotal });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "price_changed", items: [{ product_id: listed.id, price: 40, shown_price: 40 }], shown_total: shownTotal, total: 42 + raised.body.shipping_prices.NL });
    await nothingReserved(buyer, [listed.id]);

    const started = await buyNow(buyer, listed.id, { ...body, expected_total: refused.body.total });
    expect(started.status).toBe(200);
    expect((await sessionRow(started.body.session_id)).amountTotalCents).toBe(Math.round(refused.body.total * 100));
  });
});

describe("the price is fixed when the checkout starts", () => {
  it("a price changed while the checkout is open does not change what is paid", async () => {
    const buyer = await registerUser({ name: "Vaste Prijs" });
    const product = await listProduct(seller, { price: 10 });
    const started = await buyNow(buyer, product.id, { expected_price: 10 });
    expect(started.status).toBe(200);
    // The seller cannot edit it now...
    const edit = await call(updateProduct, { token: seller.token, method: "PUT", params: { id: product.id }, json: await listingPayload(seller, { price: 52.5 }) });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe("product_reserved");
    // ...and even a change behind the API's back is not what the buyer pays.
    await db.product.update({ where: { id: product.id }, data: { priceCents: 5250 } });
    expect((await press(buyer, started.body.session_id, "pay")).status).toBe(200);
    const orderId = started.body.transaction_ids[0] as string;
    expect(await db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ status: "held", amountCents: 1000, commissionCents: 50, totalCents: 1050 });
    expect(await ledgerOf(orderId)).toEqual([["buyer_payment", 1050]]);
    expect(await checkLedger([orderId])).toEqual([]);
  });
});

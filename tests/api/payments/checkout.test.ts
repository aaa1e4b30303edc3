// Starting a payment through the three checkout entry points, the test provider's
// hosted checkout (pay, fail, cancel), and what the database holds afterwards: the
// reservation, the pending orders, the session, and nothing at all after a refusal.
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { POST as productPageCheckout } from "@/app/api/payment/create-checkout/route";
import { POST as cardCheckout } from "@/app/api/payments/create-checkout/route";
import { POST as cartCheckoutRoute } from "@/app/api/payments/create-checkout-cart/route";
import { GET as checkoutStatus } from "@/app/api/payments/checkout-status/[sessionId]/route";
import { POST as cancelCheckout } from "@/app/api/payments/cancel-checkout/[sessionId]/route";
import { GET as testCheckoutView } from "@/app/api/payments/test-checkout/[sessionId]/route";
import { POST as testCheckoutAction } from "@/app/api/payments/test-checkout/[sessionId]/[action]/route";
import { POST as addToCart } from "@/app/api/cart/add/route";
import { GET as getProduct } from "@/app/api/products/[id]/route";
import { db } from "@/lib/platform/db/client";
import { checkLedger } from "@/lib/domains/orders/ledger";
import { fulfilPaid } from "@/lib/domains/orders/fulfilment";
import { call, type CallResult } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { insertProduct } from "../../support/catalog";
import {
  cartCheckout,
  checkout,
  eventsOf,
  lapseCheckout,
  ledgerOf,
  press,
  productOf,
  productRow,
  sessionRow,
} from "../../support/orders";

const IP = "198.51.100.22";
const SITE = "http://localhost:3000";
const EVIL = "https://evil.example.com";

let seller: RegisteredUser;
let otherSeller: RegisteredUser;

beforeAll(async () => {
  seller = await registerUser({ name: "Tijs van den Berg" });
  otherSeller = await registerUser({ name: "Mila Hendriks" });
});

/** A fresh buyer per test: checkouts are rate limited per buyer. */
function newBuyer(name = "Sanne de Vries") {
  return registerUser({ name });
}

function add(buyer: RegisteredUser, productId: string) {
  return call(addToCart, { token: buyer.token, ip: IP, method: "POST", path: `/api/cart/add?product_id=${productId}` });
}

function status(buyer: RegisteredUser, sessionId: string) {
  return call(checkoutStatus, { token: buyer.token, ip: IP, params: { sessionId } });
}

/** Everything a checkout could have changed about a product. */
async function snapshot(productId: string) {
  return {
    product: await productRow(productId),
    orders: await db.order.findMany({ where: { productId }, orderBy: { createdAt: "asc" } }),
    sessions: await db.checkoutSession.count(),
    ledger: await db.ledgerEntry.count(),
  };
}

function expectStarted(res: CallResult) {
  expect(res.status).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(["checkout_url", "session_id", "transaction_ids"]);
  expect(res.body.session_id).toMatch(/^cs_testmode_[0-9a-f]{24}$/);
  expect(res.body.checkout_url).toBe(`${SITE}/checkout/test/${res.body.session_id}`);
  expect(res.body.transaction_ids.length).toBeGreaterThan(0);
  for (const id of res.body.transaction_ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
}

async function expectNothingReserved(productId: string, buyer: RegisteredUser) {
  const product = await productRow(productId);
  expect(product.status).toBe("available");
  expect(product.reservedUntil).toBeNull();
  expect(await db.order.count({ where: { productId } })).toBe(0);
  expect(await db.checkoutSession.count({ where: { buyerId: buyer.id } })).toBe(0);
}

describe("POST /api/payment/create-checkout (product page)", () => {
  it("reserves the product, writes a pending order and answers where to pay", async () => {
    const buyer = await newBuyer();
    const productId = await productOf(seller, 14950, "Gazelle damesfiets");
    const started = Date.now();
    const res = await call(productPageCheckout, { token: buyer.token, ip: IP, json: { product_id: productId } });
    expectStarted(res);
    expect(res.body.transaction_ids).toHaveLength(1);

    const session = await sessionRow(res.body.session_id);
    expect(session).toMatchObject({
      buyerId: buyer.id,
      provider: "test",
      status: "open",
      paymentStatus: "unpaid",
      amountTotalCents: 15698,
      currency: "eur",
      checkoutUrl: res.body.checkout_url,
      successUrl: `${SITE}/payment-success?session_id=${res.body.session_id}`,
      cancelUrl: `${SITE}/payment-success?session_id=${res.body.session_id}&cancelled=1`,
    });
    // Open for 30 minutes; the reservation outlives it by 5 minutes of grace.
    expect(session.expiresAt.getTime() - started).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(session.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const product = await productRow(productId);
    expect(product.status).toBe("reserved");
    expect(product.reservedUntil!.getTime() - session.expiresAt.getTime()).toBe(5 * 60_000);

    expect(session.orders).toHaveLength(1);
    expect(session.orders[0]).toMatchObject({
      id: res.body.transaction_ids[0],
      status: "pending",
      deliveryStatus: "pending",
      buyerId: buyer.id,
      sellerId: seller.id,
      productId,
      amountCents: 14950,
      commissionCents: 748,
      totalCents: 15698,
      pickupCode: null,
      paidAt: null,
    });
    expect(await db.ledgerEntry.count({ where: { orderId: res.body.transaction_ids[0] } })).toBe(0);

    const publicView = await call(getProduct, { ip: IP, params: { id: productId } });
    expect(publicView.body.status).toBe("reserved");

    const page = await call(testCheckoutView, { token: buyer.token, ip: IP, params: { sessionId: res.body.session_id } });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      session_id: res.body.session_id,
      status: "open",
      payment_status: "unpaid",
      amount_total: 15698,
      currency: "eur",
      expires_at: session.expiresAt.toISOString(),
      items: [{ product_id: productId, title: "Gazelle damesfiets", amount: 149.5, commission: 7.48 }],
    });
  });

  it.each([
    [1010, 51],
    [1009, 50],
    [14950, 748],
    [10, 1],
  ])("charges a 5%% fee rounded half up: %i cents → %i", async (price, fee) => {
    const buyer = await newBuyer();
    const productId = await productOf(seller, price, `Artikel van ${price} cent`);
    const res = await checkout(buyer, productId);
    expectStarted(res);
    const order = await db.order.findUniqueOrThrow({ where: { id: res.body.transaction_ids[0] } });
    expect([order.amountCents, order.commissionCents, order.totalCents]).toEqual([price, fee, price + fee]);
    expect((await sessionRow(res.body.session_id)).amountTotalCents).toBe(price + fee);
    expect((await status(buyer, res.body.session_id)).body.amount_total).toBe(price + fee);
  });

  it("sends the buyer back to the origin_url when it is one of our own", async () => {
    const buyer = await newBuyer();
    const productId = await productOf(seller, 2000, "Tuinstoel");
    const res = await call(productPageCheckout, {
      token: buyer.token,
      ip: IP,
      json: { product_id: productId, origin_url: `${SITE}/product/${productId}?x=1` },
    });
    expectStarted(res);
    expect((await sessionRow(res.body.session_id)).successUrl).toBe(`${SITE}/payment-success?session_id=${res.body.session_id}`);
  });

  it("refuses an origin_url of another site (400) and reserves nothing", async () => {
    const buyer = await newBuyer();
    const productId = await productOf(seller, 2000, "Tuintafel");
    for (const origin of [EVIL, "javascript:alert(1)", "//evil.example.com"]) {
      const res = await call(productPageCheckout, { token: buyer.token, ip: IP, json: { product_id: productId, origin_url: origin } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("bad_origin_url");
    }
    await expectNothingReserved(productId, buyer);
  });

  it("needs a signed-in buyer (401) and reserves nothing", async () => {
    const productId = await productOf(seller, 2000, "Parasol");
    const before = await snapshot(productId);
    const res = await call(productPageCheckout, { ip: IP, json: { product_id: productId } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "Not authenticated", code: "unauthorized" });
    expect(await snapshot(productId)).toEqual(before);
  });

  it("refuses the seller's own product (400 own_product)", async () => {
    const productId = await productOf(seller, 2000, "Eigen fiets");
    const before = await snapshot(productId);
    const res = await checkout(seller, productId);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "You cannot buy your own product", code: "own_product" });
    expect(await snapshot(productId)).toEqual(before);
  });

  it("refuses a sold product (409 sold)", async () => {
    const buyer = await newBuyer();
    const productId = await insertProduct({ sellerId: seller.id, title: "Verkochte kast", status: "sold" });
    const before = await snapshot(productId);
    const res = await checkout(buyer, productId);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: "Product already sold", code: "sold" });
    expect(await snapshot(productId)).toEqual(before);
  });

  it("refuses a product another buyer is paying for (409 reserved)", async () => {
    const [first, second] = [await newBuyer("Eerste koper"), await newBuyer("Tweede koper")];
    const productId = await productOf(seller, 2000, "Racefiets");
    expectStarted(await checkout(first, productId));
    const before = await snapshot(productId);
    const res = await checkout(second, productId);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: "Product is reserved by another buyer", code: "reserved" });
    expect(await snapshot(productId)).toEqual(before);
  });

  it("answers 404 for an unknown or deleted product and 422 without product_id", async () => {
    const buyer = await newBuyer();
    const deleted = await productOf(seller, 2000, "Verwijderd bureau");
    await db.product.update({ where: { id: deleted }, data: { deletedAt: new Date() } });
    for (const productId of [randomUUID(), "nope", deleted]) {
      const res = await checkout(buyer, productId);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Product not found", code: "product_not_found" });
    }
    const missing = await call(productPageCheckout, { token: buyer.token, ip: IP, json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ field: "product_id", message: "product_id is required" }]);
    expect(await db.checkoutSession.count({ where: { buyerId: buyer.id } })).toBe(0);
  });

  it("a buyer's second checkout of the same product replaces the first", async () => {
    const buyer = await newBuyer();
    const productId = await productOf(seller, 4500, "Bureaustoel");
    const first = await checkout(buyer, productId);
    const second = await checkout(buyer, productId);
    expectStarted(first);
    expectStarted(second);
    expect(second.body.session_id).not.toBe(first.body.session_id);

    const orders = await db.order.findMany({ where: { productId }, orderBy: { createdAt: "asc" } });
    expect(orders.map((o) => [o.id, o.status])).toEqual([
      [first.body.transaction_ids[0], "cancelled"],
      [second.body.transaction_ids[0], "pending"],
    ]);
    expect(orders[0]!.cancelledAt).not.toBeNull();
    expect((await sessionRow(first.body.session_id)).status).toBe("expired");
    expect((await productRow(productId)).status).toBe("reserved");

    // The first checkout can no longer be paid; the second can.
    const late = await press(buyer, first.body.session_id, "pay");
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("checkout_closed");
    expect((await press(buyer, second.body.session_id, "pay")).status).toBe(200);
    expect(await db.order.findMany({ where: { productId, status: { in: ["pending", "held"] } }, select: { id: true } })).toEqual([
      { id: second.body.transaction_ids[0] },
    ]);
  });

  it("allows a buyer 20 checkouts an hour, then answers 429 and keeps the last reservation", async () => {
    const buyer = await newBuyer();
    // Different items each time: starting over on the same item counts as a lapse
    // (reservation-limits.test.ts), a limit of its own.
    const products: string[] = [];
    for (let i = 0; i < 21; i += 1) products.push(await productOf(seller, 2000 + i, `Veelgekochte vaas ${i}`));
    let last: CallResult | undefined;
    for (let i = 0; i < 20; i += 1) {
      last = await checkout(buyer, products[i]!);
      expect(last.status).toBe(200);
    }
    const productId = products[19]!;
    const before = await snapshot(productId);
    const res = await checkout(buyer, products[20]!);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: "Too many attempts. Please try again later.", code: "rate_limited" });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await snapshot(productId)).toEqual(before);
    expect(before.orders.filter((o) => o.status === "pending").map((o) => o.id)).toEqual(last!.body.transaction_ids);
    expect((await productRow(products[20]!)).status).toBe("available");
  });

  it("buying one item of an unfinished cart checkout on its own ends that checkout and frees its other items", async () => {
    const buyer = await newBuyer();
    const lamp = await productOf(seller, 1500, "Staande lamp");
    const rug = await productOf(otherSeller, 3500, "Vloerkleed");
    const cart = await cartCheckout(buyer, [lamp, rug]);
    expectStarted(cart);
    const single = await checkout(buyer, lamp);
    expectStarted(single);
    const old = await sessionRow(cart.body.session_id);
    expect(old.status).toBe("expired");
    expect(old.orders.map((o) => o.status)).toEqual(["cancelled", "cancelled"]);
    expect((await productRow(rug)).status).toBe("available");
    expect((await productRow(rug)).reservedUntil).toBeNull();
    expect((await productRow(lamp)).status).toBe("reserved");
  });
});

describe("POST /api/payments/create-checkout (product cards)", () => {
  it("takes product_id and origin_url from the query with an empty body", async () => {
    const buyer = await newBuyer();
    const productId = await productOf(seller, 1010, "Fietslamp");
    const res = await call(cardCheckout, {
      token: buyer.token,
      ip: IP,
      method: "POST",
      path: `/api/payments/create-checkout?product_id=${productId}&origin_url=${encodeURIComponent(SITE)}`,
    });
    expectStarted(res);
    const [order] = (await sessionRow(res.body.session_id)).orders;
    expect(order).toMatchObject({ productId, status: "pending", amountCents: 1010, commissionCents: 51, totalCents: 1061 });
    expect((await productRow(productId)).status).toBe("reserved");
  });

  it("takes product_id and origin_url from the body", async () => {
    const buyer = await newBuyer();
    const productId = await productOf(seller, 1009, "Fietsbel");
    const res = await call(cardCheckout, { token: buyer.token, ip: IP, json: { product_id: productId, origin_url: SITE } });
    expectStarted(res);
    const [order] = (await sessionRow(res.body.session_id)).orders;
    expect(order).toMatchObject({ productId, status: "pending", amountCents: 1009, commissionCents: 50, totalCents: 1059 });
  });

  it("refuses an origin_url of another site in the query or the body (400), reserving nothing", async () => {
    const buyer = await newBuyer();
    const productId = await productOf(seller, 2000, "Fietstas");
    const inQuery = await call(cardCheckout, {
      token: buyer.token,
      ip: IP,
      method: "POST",
      path: `/api/payments/create-checkout?product_id=${productId}&origin_url=${encodeURIComponent(EVIL)}`,
    });
    const inBody = await call(cardCheckout, { token: buyer.token, ip: IP, json: { product_id: productId, origin_url: EVIL } });
    for (const res of [inQuery, inBody]) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("bad_origin_url");
    }
    await expectNothingReserved(productId, buyer);
  });

  it("answers 401 without a user, 422 without product_id, and the same refusals as the product page", async () => {
    const buyer = await newBuyer();
    const productId = await productOf(seller, 2000, "Fietspomp");
    const anonymous = await call(cardCheckout, { ip: IP, method: "POST", path: `/api/payments/create-checkout?product_id=${productId}` });
    expect(anonymous.status).toBe(401);
    const missing = await call(cardCheckout, { token: buyer.token, ip: IP, method: "POST", path: "/api/payments/create-checkout" });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ detail: "product_id is required", errors: [{ field: "product_id", message: "product_id is required" }] });
    const own = await call(cardCheckout, { token: seller.token, ip: IP, method: "POST", path: `/api/payments/create-checkout?product_id=${productId}` });
    expect(own.status).toBe(400);
    expect(own.body.code).toBe("own_product");
    await expectNothingReserved(productId, buyer);
  });
});

describe("POST /api/payments/create-checkout-cart", () => {
  it("refuses an empty cart (400 empty_cart)", async () => {
    const buyer = await newBuyer();
    const res = await call(cartCheckoutRoute, { token: buyer.token, ip: IP, json: { origin_url: SITE } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "Your cart is empty", code: "empty_cart" });
    expect(await db.checkoutSession.count({ where: { buyerId: buyer.id } })).toBe(0);
  });

  it("pays a cart of two sellers in one session with one order per item", async () => {
    const buyer = await newBuyer();
    const bike = await productOf(seller, 14950, "Batavus herenfiets");
    const lamp = await productOf(otherSeller, 1010, "Bureaulamp");
    const res = await cartCheckout(buyer, [bike, lamp]);
    expectStarted(res);
    expect(res.body.transaction_ids).toHaveLength(2);

    const session = await sessionRow(res.body.session_id);
    expect(session.amountTotalCents).toBe(15698 + 1061);
    expect(await db.checkoutSession.count({ where: { buyerId: buyer.id } })).toBe(1);
    const orders = await db.order.findMany({ where: { id: { in: res.body.transaction_ids } } });
    const byProduct = new Map(orders.map((o) => [o.productId, o]));
    expect(byProduct.get(bike)).toMatchObject({ sellerId: seller.id, status: "pending", amountCents: 14950, commissionCents: 748, totalCents: 15698, checkoutSessionId: session.id });
    expect(byProduct.get(lamp)).toMatchObject({ sellerId: otherSeller.id, status: "pending", amountCents: 1010, commissionCents: 51, totalCents: 1061, checkoutSessionId: session.id });
    // transaction_ids are in the cart's order.
    expect(res.body.transaction_ids).toEqual([byProduct.get(bike)!.id, byProduct.get(lamp)!.id]);
    expect((await productRow(bike)).status).toBe("reserved");
    expect((await productRow(lamp)).status).toBe("reserved");

    const page = await call(testCheckoutView, { token: buyer.token, ip: IP, params: { sessionId: res.body.session_id } });
    expect(page.body.amount_total).toBe(16759);
    expect(page.body.items.map((i: { product_id: string }) => i.product_id)).toEqual([bike, lamp]);

    expect((await press(buyer, res.body.session_id, "pay")).status).toBe(200);
    const after = await status(buyer, res.body.session_id);
    expect(after.body).toEqual({
      session_id: res.body.session_id,
      status: "complete",
      payment_status: "paid",
      amount_total: 16759,
      currency: "eur",
      transaction_id: res.body.transaction_ids[0],
      transaction_ids: res.body.transaction_ids,
      // Paid: no way back into the provider's page; the items, for the result page's links.
      checkout_url: null,
      products: expect.arrayContaining([
        { id: bike, title: "Batavus herenfiets" },
        { id: lamp, title: "Bureaulamp" },
      ]),
    });
    const paid = await db.order.findMany({ where: { id: { in: res.body.transaction_ids } } });
    expect(paid.map((o) => o.status)).toEqual(["held", "held"]);
    expect(await db.cartItem.count({ where: { userId: buyer.id } })).toBe(0);
    expect(await checkLedger(res.body.transaction_ids)).toEqual([]);
  });

  it("takes origin_url from the query too, and refuses another site's", async () => {
    const buyer = await newBuyer();
    const productId = await productOf(seller, 3000, "Wandklok");
    expect((await add(buyer, productId)).status).toBe(200);
    const evil = await call(cartCheckoutRoute, {
      token: buyer.token,
      ip: IP,
      method: "POST",
      path: `/api/payments/create-checkout-cart?origin_url=${encodeURIComponent(EVIL)}`,
    });
    expect(evil.status).toBe(400);
    expect(evil.body.code).toBe("bad_origin_url");
    await expectNothingReserved(productId, buyer);

    const ok = await call(cartCheckoutRoute, {
      token: buyer.token,
      ip: IP,
      method: "POST",
      path: `/api/payments/create-checkout-cart?origin_url=${encodeURIComponent(SITE)}`,
    });
    expectStarted(ok);
    expect((await productRow(productId)).status).toBe("reserved");
  });

  it("reserves all items or none: one item reserved by someone else refuses the whole cart", async () => {
    const [buyer, rival] = [await newBuyer(), await newBuyer("Rivaal")];
    const free = await productOf(seller, 2000, "Klapstoel");
    const taken = await productOf(otherSeller, 2000, "Statafel");
    expect((await add(buyer, free)).status).toBe(200);
    expect((await add(buyer, taken)).status).toBe(200);
    expectStarted(await checkout(rival, taken));
    const before = [await snapshot(free), await snapshot(taken)];
    const res = await call(cartCheckoutRoute, { token: buyer.token, ip: IP, json: { origin_url: SITE } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: "Product is reserved by another buyer", code: "reserved" });
    expect([await snapshot(free), await snapshot(taken)]).toEqual(before);
  });

  it("pays at most 12 items at once (400 too_many_items), reserving none", async () => {
    const buyer = await newBuyer();
    const productIds: string[] = [];
    for (let i = 0; i < 13; i += 1) productIds.push(await productOf(i % 2 ? seller : otherSeller, 1000 + i, `Boek ${i + 1}`));
    for (const productId of productIds) expect((await add(buyer, productId)).status).toBe(200);
    const res = await call(cartCheckoutRoute, { token: buyer.token, ip: IP, json: { origin_url: SITE } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "At most 12 items can be paid at once", code: "too_many_items" });
    expect(await db.product.count({ where: { id: { in: productIds }, status: { not: "available" } } })).toBe(0);
    expect(await db.order.count({ where: { productId: { in: productIds } } })).toBe(0);
  });

  it("needs a signed-in buyer (401)", async () => {
    const res = await call(cartCheckoutRoute, { ip: IP, json: { origin_url: SITE } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "Not authenticated", code: "unauthorized" });
  });
});

describe("the test provider's checkout", () => {
  it("Cancel cancels the orders and frees the products for another buyer", async () => {
    const [buyer, next] = [await newBuyer(), await newBuyer("Volgende koper")];
    const a = await productOf(seller, 2000, "Hanglamp");
    const b = await productOf(otherSeller, 3000, "Dekbed");
    const started = await cartCheckout(buyer, [a, b]);
    const sessionId = started.body.session_id as string;

    const cancelled = await press(buyer, sessionId, "cancel");
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      redirect_url: `${SITE}/payment-success?session_id=${sessionId}&cancelled=1`,
      status: "expired",
      payment_status: "unpaid",
    });
    const session = await sessionRow(sessionId);
    expect(session.status).toBe("expired");
    expect(session.orders.map((o) => o.status)).toEqual(["cancelled", "cancelled"]);
    for (const productId of [a, b]) {
      expect(await productRow(productId)).toMatchObject({ status: "available", reservedUntil: null });
    }
    expect((await status(buyer, sessionId)).body).toMatchObject({ status: "expired", payment_status: "unpaid" });

    const again = await checkout(next, a);
    expectStarted(again);
    expect((await press(next, again.body.session_id, "pay")).status).toBe(200);
    expect((await productRow(a)).status).toBe("sold");
  });

  it("Fail marks the payment failed and frees the product", async () => {
    const buyer = await newBuyer();
    const productId = await productOf(seller, 2000, "Speelgoedkist");
    const started = await checkout(buyer, productId);
    const failed = await press(buyer, started.body.session_id, "fail");
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ status: "complete", payment_status: "failed" });
    expect((await status(buyer, started.body.session_id)).body).toMatchObject({ status: "complete", payment_status: "failed" });
    expect((await sessionRow(started.body.session_id)).orders.map((o) => o.status)).toEqual(["cancelled"]);
    expect(await productRow(productId)).toMatchObject({ status: "available", reservedUntil: null });
    expect(await db.ledgerEntry.count({ where: { orderId: started.body.transaction_ids[0] } })).toBe(0);
  });

  it("refuses to pay a closed checkout (409) and changes nothing", async () => {
    const buyer = await newBuyer();
    const productId = await productOf(seller, 2000, "Regenton");
    const started = await checkout(buyer, productId);
    await press(buyer, started.body.session_id, "cancel");
    const before = await snapshot(productId);
    for (const action of ["pay", "fail", "cancel"] as const) {
      const res = await press(buyer, started.body.session_id, action);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ detail: "This checkout is no longer open", code: "checkout_closed" });
    }
    expect(await snapshot(productId)).toEqual(before);
  });

  it("refuses to pay a checkout past its expiry (409) and frees the product", async () => {
    const buyer = await newBuyer();
    const productId = await productOf(seller, 2000, "Ladenkast");
    const started = await checkout(buyer, productId);
    await lapseCheckout(started.body.session_id, 1);
    const res = await press(buyer, started.body.session_id, "pay");
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: "This checkout has expired", code: "checkout_expired" });
    const session = await sessionRow(started.body.session_id);
    expect(session).toMatchObject({ status: "expired", paymentStatus: "unpaid" });
    expect(session.orders.map((o) => o.status)).toEqual(["cancelled"]);
    expect(await productRow(productId)).toMatchObject({ status: "available", reservedUntil: null });
  });

  it("someone else's session is not found (404) on every checkout endpoint, and stays as it was", async () => {
    const [buyer, stranger] = [await newBuyer(), await newBuyer("Vreemde")];
    const productId = await productOf(seller, 2000, "Kapstok");
    const started = await checkout(buyer, productId);
    const sessionId = started.body.session_id as string;
    const ourId = (await sessionRow(sessionId)).id;
    const before = await snapshot(productId);
    const answers = [
      await status(stranger, sessionId),
      await status(stranger, ourId),
      await call(testCheckoutView, { token: stranger.token, ip: IP, params: { sessionId } }),
      await call(cancelCheckout, { token: stranger.token, ip: IP, method: "POST", params: { sessionId } }),
      ...(await Promise.all((["pay", "fail", "cancel"] as const).map((action) => press(stranger, sessionId, action)))),
      await status(buyer, "cs_testmode_doesnotexist"),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Checkout session not found", code: "checkout_not_found" });
    }
    expect(await snapshot(productId)).toEqual(before);
    expect((await sessionRow(sessionId)).status).toBe("open");
    // Anonymous callers are asked to log in.
    expect((await call(checkoutStatus, { ip: IP, params: { sessionId } })).status).toBe(401);
  });

  it("redirects a browser (303 with Location) to the success page after Pay", async () => {
    const buyer = await newBuyer();
    const productId = await productOf(seller, 2000, "Fotolijst");
    const started = await checkout(buyer, productId);
    const sessionId = started.body.session_id as string;
    const res = await call(testCheckoutAction, {
      token: buyer.token,
      ip: IP,
      method: "POST",
      headers: { accept: "text/html,application/xhtml+xml" },
      params: { sessionId, action: "pay" },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${SITE}/payment-success?session_id=${sessionId}`);
    expect((await sessionRow(sessionId)).paymentStatus).toBe("paid");
  });

  it("redirects a browser (303) to the cancelled page after Cancel", async () => {
    const buyer = await newBuyer();
    const productId = await productOf(seller, 2000, "Kussen");
    const started = await checkout(buyer, productId);
    const sessionId = started.body.session_id as string;
    const res = await call(testCheckoutAction, { token: buyer.token, ip: IP, method: "POST", params: { sessionId, action: "cancel" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${SITE}/payment-success?session_id=${sessionId}&cancelled=1`);
    expect((await productRow(productId)).status).toBe("available");
  });

  it("Pay racing Cancel: exactly one wins, and the winner's answer is how the order ends", async () => {
    for (let round = 0; round < 6; round++) {
      const buyer = await newBuyer();
      const productId = await productOf(seller, 1500, `Racekussen ${round}`);
      const started = await checkout(buyer, productId);
      const sessionId = started.body.session_id as string;
      const press = (action: "pay" | "cancel") =>
        call(testCheckoutAction, { token: buyer.token, ip: IP, method: "POST", headers: { accept: "application/json" }, params: { sessionId, action } });
      // Alternate which request starts first.
      const first = round % 2 ? press("pay") : press("cancel");
      const second = round % 2 ? press("cancel") : press("pay");
      const [a, b] = await Promise.all([first, second]);
      const [pay, cancel] = round % 2 ? [a, b] : [b, a];
      const statuses = [pay.status, cancel.status].sort();
      expect(statuses, `round ${round}`).toEqual([200, 409]);
      const order = await db.order.findFirstOrThrow({ where: { checkoutSessionId: { not: null }, productId } });
      if (pay.status === 200) expect(order.status).toBe("held");
      else expect(["cancelled", "refunded"]).toContain(order.status);
    }
  });

  it("POST /api/payments/cancel-checkout ends an open checkout, but not a paid one", async () => {
    const buyer = await newBuyer();
    const open = await productOf(seller, 2000, "Plantenbak");
    const paid = await productOf(seller, 2000, "Bloempot");
    const first = await checkout(buyer, open);
    const cancelled = await call(cancelCheckout, { token: buyer.token, ip: IP, method: "POST", params: { sessionId: first.body.session_id } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "expired", payment_status: "unpaid", transaction_id: first.body.transaction_ids[0] });
    expect((await productRow(open)).status).toBe("available");

    const second = await checkout(buyer, paid);
    await press(buyer, second.body.session_id, "pay");
    const tooLate = await call(cancelCheckout, { token: buyer.token, ip: IP, method: "POST", params: { sessionId: second.body.session_id } });
    expect(tooLate.status).toBe(200);
    expect(tooLate.body).toMatchObject({ status: "complete", payment_status: "paid" });
    expect((await productRow(paid)).status).toBe("sold");
    expect((await db.order.findUniqueOrThrow({ where: { id: second.body.transaction_ids[0] } })).status).toBe("held");
  });
});

describe("a reservation that lapsed", () => {
  it("goes to another buyer, and a late payment of the first checkout is refunded automatically", async () => {
    const [first, second] = [await newBuyer("Trage koper"), await newBuyer("Snelle koper")];
    const productId = await productOf(seller, 8000, "Eiken eettafel");
    const a = await checkout(first, productId);
    await lapseCheckout(a.body.session_id);

    const b = await checkout(second, productId);
    expectStarted(b);
    const orderA = a.body.transaction_ids[0] as string;
    const orderB = b.body.transaction_ids[0] as string;
    expect((await db.order.findUniqueOrThrow({ where: { id: orderA } })).status).toBe("cancelled");
    expect((await sessionRow(a.body.session_id)).status).toBe("expired");
    expect((await productRow(productId)).status).toBe("reserved");

    // The first buyer can no longer pay on our page...
    const refused = await press(first, a.body.session_id, "pay");
    expect(refused.status).toBe(409);

    // ...but the provider reports a payment that was already on its way.
    const sessionA = await sessionRow(a.body.session_id);
    await fulfilPaid(sessionA.id, { paymentIntentId: "pi_late", chargeId: "ch_late", amountTotalCents: sessionA.amountTotalCents });

    const refundedA = await db.order.findUniqueOrThrow({ where: { id: orderA } });
    expect(refundedA).toMatchObject({ status: "refunded", pickupCode: null });
    expect(refundedA.paidAt).not.toBeNull();
    expect(refundedA.refundedAt).not.toBeNull();
    expect(await ledgerOf(orderA)).toEqual([
      ["buyer_payment", 8400],
      ["buyer_refund", 8400],
    ]);
    const refundRow = await db.ledgerEntry.findFirstOrThrow({ where: { orderId: orderA, kind: "buyer_refund" } });
    expect(refundRow.providerRef).toMatch(/^re_testmode_/);
    expect(await eventsOf(first.id, orderA)).toEqual(["order.refunded"]);
    expect((await status(first, a.body.session_id)).body).toMatchObject({ status: "complete", payment_status: "paid" });

    // The second buyer's reservation is untouched and can be paid.
    expect((await db.order.findUniqueOrThrow({ where: { id: orderB } })).status).toBe("pending");
    expect((await productRow(productId)).status).toBe("reserved");
    expect((await press(second, b.body.session_id, "pay")).status).toBe(200);
    expect((await db.order.findUniqueOrThrow({ where: { id: orderB } })).status).toBe("held");
    expect((await productRow(productId)).status).toBe("sold");
    expect(await checkLedger()).toEqual([]);
  });
});

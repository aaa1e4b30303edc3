// Rules around buying that live outside the order state machine: a product being paid for
// cannot be edited, and a banned seller's items cannot be bought, nor paid for by a
// checkout that was open when the ban came.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getCart } from "@/app/api/cart/route";
import { POST as addToCart } from "@/app/api/cart/add/route";
import { PUT as updateProduct } from "@/app/api/products/[id]/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { ensureCategories, listingPayload, listProduct } from "../../support/catalog";
import { PUT as banRoute } from "@/app/api/admin/users/[id]/ban/route";
import { checkLedger } from "@/lib/domains/orders/ledger";
import { cartCheckout, checkout, eventsOf, ledgerOf, press, productOf, productRow, sessionRow } from "../../support/orders";

let seller: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  await ensureCategories();
  seller = await registerUser({ name: "Merel Smit" });
  buyer = await registerUser({ name: "Bram de Wit" });
});

describe("a product being paid for", () => {
  it("cannot be edited by its seller until the checkout ends", async () => {
    const product = await listProduct(seller, { price: 80 });
    const started = await checkout(buyer, product.id);
    expect(started.status).toBe(200);

    const edit = async () =>
      call(updateProduct, { token: seller.token, method: "PUT", params: { id: product.id }, json: await listingPayload(seller, { price: 60 }) });
    const refused = await edit();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "product_reserved" });
    expect((await db.product.findUniqueOrThrow({ where: { id: product.id } })).priceCents).toBe(8000);

    await press(buyer, started.body.session_id, "cancel");
    const allowed = await edit();
    expect(allowed.status).toBe(200);
    expect(allowed.body.price).toBe(60);
  });
});

describe("a banned seller", () => {
  it("cannot be paid: checkout and add to cart are refused, and the cart marks the item unavailable", async () => {
    const productId = await productOf(seller, 2500, "Houten kapstok");
    expect((await call(addToCart, { token: buyer.token, method: "POST", path: `/api/cart/add?product_id=${productId}` })).status).toBe(200);
    await db.user.update({ where: { id: seller.id }, data: { isBanned: true } });

    const started = await checkout(buyer, productId);
    expect(started.status).toBe(409);
    expect(started.body).toMatchObject({ detail: "This seller cannot sell at the moment", code: "seller_unavailable" });
    expect(await db.order.count({ where: { productId } })).toBe(0);
    expect((await db.product.findUniqueOrThrow({ where: { id: productId } })).status).toBe("available");

    const other = await productOf(seller, 1500, "Spiegel");
    const added = await call(addToCart, { token: buyer.token, method: "POST", path: `/api/cart/add?product_id=${other}` });
    expect(added.status).toBe(409);
    expect(added.body.code).toBe("seller_unavailable");

    const cart = await call(getCart, { token: buyer.token });
    expect(cart.body.items).toHaveLength(1);
    expect(cart.body.items[0].product).toMatchObject({ id: productId, available: false });
  });
});

describe("a seller banned while a buyer is paying", () => {
  const ban = (admin: RegisteredUser, userId: string) =>
    call(banRoute, { token: admin.token, method: "PUT", params: { id: userId }, json: { category: "scam", facts: "Test.", rule: "Test." } });

  it("the ban ends the open checkouts of the seller's items (a cart checkout whole); paying afterwards is refused", async () => {
    const admin = await registerUser({ name: "Beheerder Ban" });
    await db.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
    const banned = await registerUser({ name: "Verbannen Verkoper" });
    const fair = await registerUser({ name: "Eerlijke Verkoper" });
    const payer = await registerUser({ name: "Betalende Koper" });
    const lamp = await productOf(banned, 2500, "Lamp van de verbannene");
    const vase = await productOf(fair, 1500, "Vaas van een ander");
    const started = await cartCheckout(payer, [lamp, vase]);
    expect(started.status).toBe(200);

    expect((await ban(admin, banned.id)).status).toBe(200);
    const session = await sessionRow(started.body.session_id);
    expect(session.status).toBe("expired");
    expect(session.orders.map((o) => o.status)).toEqual(["cancelled", "cancelled"]);
    expect((await productRow(lamp)).status).toBe("available");
    expect(await productRow(vase)).toMatchObject({ status: "available", reservedUntil: null });

    const paid = await press(payer, started.body.session_id, "pay");
    expect(paid.status).toBe(409);
    expect(paid.body.code).toBe("checkout_closed");
    expect((await sessionRow(started.body.session_id)).orders.map((o) => o.status)).toEqual(["cancelled", "cancelled"]);
    expect(await db.ledgerEntry.count({ where: { checkoutSessionId: session.id } })).toBe(0);
    // The other seller's vase can be bought again.
    expect((await checkout(payer, vase)).status).toBe(200);
  });

  it("a payment that arrives for a banned seller's item anyway is refunded, not held", async () => {
    const banned = await registerUser({ name: "Snel Verbannen" });
    const payer = await registerUser({ name: "Pechvogel" });
    const productId = await productOf(banned, 4000, "Nooit geleverd");
    const started = await checkout(payer, productId);
    expect(started.status).toBe(200);
    // Banned while the payment was under way: its checkout was not ended in time.
    await db.user.update({ where: { id: banned.id }, data: { isBanned: true } });

    const paid = await press(payer, started.body.session_id, "pay");
    expect(paid.status).toBe(409);
    const orderId = started.body.transaction_ids[0] as string;
    const order = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order).toMatchObject({ status: "refunded", pickupCode: null });
    expect(await ledgerOf(orderId)).toEqual([["buyer_payment", 4200], ["buyer_refund", 4200]]);
    expect(await db.ledgerEntry.count({ where: { orderId, providerRef: null } })).toBe(0);
    expect(await checkLedger([orderId])).toEqual([]);
    expect(await productRow(productId)).toMatchObject({ status: "available", reservedUntil: null });
    expect(await eventsOf(payer.id, orderId)).toEqual(["order.refunded"]);
    expect(await eventsOf(banned.id, orderId)).toEqual([]);
  });
});

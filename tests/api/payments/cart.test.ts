// The cart (docs/payments.md "Cart"): what may go in, what GET shows about each item,
// removing, and items leaving every cart once someone has paid for them.
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { GET as getCart } from "@/app/api/cart/route";
import { POST as addToCart } from "@/app/api/cart/add/route";
import { DELETE as removeFromCart } from "@/app/api/cart/remove/[productId]/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { insertProduct } from "../../support/catalog";
import { buyAndPay, lapseCheckout, pendingOrder, productOf } from "../../support/orders";

const IP = "198.51.100.21";

let seller: RegisteredUser;
let buyer: RegisteredUser;
let other: RegisteredUser;

beforeAll(async () => {
  seller = await registerUser({ name: "Tijs van den Berg" });
  buyer = await registerUser({ name: "Sanne de Vries" });
  other = await registerUser({ name: "Daan Jansen" });
});

function add(user: RegisteredUser | null, productId: string) {
  return call(addToCart, { token: user?.token, ip: IP, method: "POST", path: `/api/cart/add?product_id=${productId}` });
}

function cart(user: RegisteredUser) {
  return call(getCart, { token: user.token, ip: IP, path: "/api/cart" });
}

function remove(user: RegisteredUser, productId: string) {
  return call(removeFromCart, { token: user.token, ip: IP, method: "DELETE", params: { productId } });
}

function cartRows(user: RegisteredUser) {
  return db.cartItem.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
}

describe("POST /api/cart/add", () => {
  it("adds a product and answers the whole cart", async () => {
    const productId = await productOf(seller, 14950, "Gazelle damesfiets");
    const res = await add(buyer, productId);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ product_id: productId, product: { id: productId, title: "Gazelle damesfiets" } });
    expect((await cartRows(buyer)).map((row) => row.productId)).toEqual([productId]);
  });

  it("adding the same product twice keeps one item", async () => {
    const productId = await productOf(seller, 2500, "Leeslamp");
    const first = await add(other, productId);
    const second = await add(other, productId);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const mine = (body: { items: { product_id: string; added_at: string }[] }) => body.items.filter((item) => item.product_id === productId);
    expect(mine(second.body)).toHaveLength(1);
    expect(mine(second.body)[0]!.added_at).toBe(mine(first.body)[0]!.added_at);
    expect(await db.cartItem.count({ where: { userId: other.id, productId } })).toBe(1);
  });

  it("refuses the seller's own product (400 own_product)", async () => {
    const productId = await productOf(seller, 1000, "Eigen stoel");
    const res = await add(seller, productId);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "You cannot buy your own product", code: "own_product" });
    expect(await cartRows(seller)).toEqual([]);
  });

  it("refuses a sold product (409 sold)", async () => {
    const productId = await insertProduct({ sellerId: seller.id, title: "Verkochte bank", status: "sold" });
    const res = await add(buyer, productId);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: "Product already sold", code: "sold" });
    expect(await db.cartItem.count({ where: { productId } })).toBe(0);
  });

  it("refuses a product another buyer is paying for (409 reserved), but not to that buyer", async () => {
    const productId = await productOf(seller, 3000, "Vintage radio");
    await pendingOrder(other, productId);
    const res = await add(buyer, productId);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: "Product is reserved by another buyer", code: "reserved" });
    expect(await db.cartItem.count({ where: { productId } })).toBe(0);

    // The buyer with the unfinished checkout may still put it in their own cart.
    const own = await add(other, productId);
    expect(own.status).toBe(200);
    expect(await db.cartItem.count({ where: { productId, userId: other.id } })).toBe(1);
  });

  it("accepts a product whose reservation has lapsed", async () => {
    const productId = await productOf(seller, 3000, "Platenkast");
    const { sessionId } = await pendingOrder(other, productId);
    await lapseCheckout(sessionId);
    const res = await add(buyer, productId);
    expect(res.status).toBe(200);
    const item = res.body.items.find((i: { product_id: string }) => i.product_id === productId);
    expect(item.product.available).toBe(true);
  });

  it("answers 404 for an unknown, malformed or deleted product", async () => {
    const deleted = await productOf(seller, 1000, "Weggehaalde tafel");
    await db.product.update({ where: { id: deleted }, data: { deletedAt: new Date() } });
    const before = await db.cartItem.count();
    for (const productId of [randomUUID(), "not-a-uuid", deleted]) {
      const res = await add(buyer, productId);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Product not found", code: "product_not_found" });
    }
    expect(await db.cartItem.count()).toBe(before);
  });

  it("needs product_id (422)", async () => {
    const res = await call(addToCart, { token: buyer.token, ip: IP, method: "POST", path: "/api/cart/add" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: "product_id", message: "product_id is required" }]);
  });

  it("needs a signed-in user (401)", async () => {
    const productId = await productOf(seller, 1000, "Anonieme poging");
    const res = await add(null, productId);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "Not authenticated", code: "unauthorized" });
    expect(await db.cartItem.count({ where: { productId } })).toBe(0);
    expect((await call(getCart, { ip: IP })).status).toBe(401);
  });
});

describe("GET /api/cart", () => {
  it("shows each item with its price, 5% fee, seller and availability, oldest first", async () => {
    const shopper = await registerUser({ name: "Fleur Bakker" });
    const bike = await productOf(seller, 14950, "Batavus herenfiets");
    const lamp = await productOf(seller, 1010, "Bureaulamp");
    await add(shopper, bike);
    await add(shopper, lamp);
    const res = await cart(shopper);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { product_id: string }) => i.product_id)).toEqual([bike, lamp]);
    expect(res.body.items[0]).toEqual({
      product_id: bike,
      added_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      product: {
        id: bike,
        title: "Batavus herenfiets",
        price: 149.5,
        commission: 7.48,
        buyer_total: 156.98,
        buyer_total_cents: 15698,
        images: [`/uploads/products/${bike}-0.webp`],
        status: "available",
        is_sold: false,
        seller_id: seller.id,
        seller_name: "Tijs van den Berg",
        available: true,
      },
    });
    expect(res.body.items[1].product).toMatchObject({ price: 10.1, commission: 0.51, buyer_total: 10.61, buyer_total_cents: 1061, available: true });
  });

  it("marks an item unavailable once another buyer reserves it, and keeps it until removed", async () => {
    const shopper = await registerUser({ name: "Noor Visser" });
    const productId = await productOf(seller, 5000, "Kinderzitje");
    await add(shopper, productId);
    await pendingOrder(other, productId);

    const res = await cart(shopper);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0].product).toMatchObject({ status: "reserved", is_sold: false, available: false });
    // The buyer who reserved it still sees it as available in their own cart.
    await add(other, productId);
    const theirs = await cart(other);
    const item = theirs.body.items.find((i: { product_id: string }) => i.product_id === productId);
    expect(item.product).toMatchObject({ status: "reserved", available: true });
  });

  it("leaves out products the seller deleted", async () => {
    const shopper = await registerUser({ name: "Lotte Smit" });
    const productId = await productOf(seller, 5000, "Boekenkast");
    await add(shopper, productId);
    await db.product.update({ where: { id: productId }, data: { deletedAt: new Date() } });
    expect((await cart(shopper)).body).toEqual({ items: [] });
  });
});

describe("DELETE /api/cart/remove/{product_id}", () => {
  it("removes the item and answers the rest of the cart", async () => {
    const shopper = await registerUser({ name: "Bram de Groot" });
    const keep = await productOf(seller, 2000, "Spiegel");
    const drop = await productOf(seller, 2000, "Kapstok");
    await add(shopper, keep);
    await add(shopper, drop);
    const res = await remove(shopper, drop);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { product_id: string }) => i.product_id)).toEqual([keep]);
    expect((await cartRows(shopper)).map((row) => row.productId)).toEqual([keep]);
  });

  it("answers 404 when the product is not in the cart, and changes nothing", async () => {
    const shopper = await registerUser({ name: "Emma Mulder" });
    const inCart = await productOf(seller, 2000, "Vaas");
    const notInCart = await productOf(seller, 2000, "Schemerlamp");
    await add(shopper, inCart);
    // Someone else's cart item is not yours to remove either.
    await add(other, notInCart);
    for (const productId of [notInCart, randomUUID(), "not-a-uuid"]) {
      const res = await remove(shopper, productId);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Product is not in your cart", code: "not_in_cart" });
    }
    expect((await cartRows(shopper)).map((row) => row.productId)).toEqual([inCart]);
    expect(await db.cartItem.count({ where: { userId: other.id, productId: notInCart } })).toBe(1);
  });
});

describe("after a payment", () => {
  it("the paid product disappears from every cart, the buyer's and others'", async () => {
    const first = await registerUser({ name: "Jesse Bos" });
    const second = await registerUser({ name: "Iris Dekker" });
    const productId = await productOf(seller, 8000, "Eiken eettafel");
    const untouched = await productOf(seller, 1500, "Krukje");
    await add(first, productId);
    await add(first, untouched);
    await add(second, productId);

    await buyAndPay(second, productId);

    expect((await cart(first)).body.items.map((i: { product_id: string }) => i.product_id)).toEqual([untouched]);
    expect((await cart(second)).body).toEqual({ items: [] });
    expect(await db.cartItem.count({ where: { productId } })).toBe(0);
    // And it cannot be added again.
    const again = await add(first, productId);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("sold");
  });
});

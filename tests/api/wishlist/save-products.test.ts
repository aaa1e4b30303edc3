// The wishlist and price drops of saved products
// (docs/reviews-and-wishlist.md): idempotent save and unsave, 404 for an unknown
// product, 401 without login; the list is the full product JSON, newest saved first,
// sold and reserved ones included; a lower price notifies every saver once and shows
// the old price for 7 days; the seller sees how many saved each product.
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { GET as listRoute } from "@/app/api/wishlist/route";
import { DELETE as removeRoute, POST as addRoute } from "@/app/api/wishlist/[productId]/route";
import { GET as checkRoute } from "@/app/api/wishlist/check/[productId]/route";
import { GET as savesRoute } from "@/app/api/wishlist/saves/route";
import { GET as getProduct, PUT as updateProduct } from "@/app/api/products/[id]/route";
import { GET as browseRoute } from "@/app/api/products/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { insertProduct, listingPayload, listProduct } from "../../support/catalog";
import { buyAndPay, productOf } from "../../support/orders";

const IP = "198.51.100.62";
let seller: RegisteredUser;
let saver: RegisteredUser;
let other: RegisteredUser;

beforeAll(async () => {
  seller = await registerUser({ name: "Tijs van den Berg" });
  saver = await registerUser({ name: "Sanne de Vries" });
  other = await registerUser({ name: "Daan Jansen" });
});

const add = (user: RegisteredUser | null, productId: string) =>
  call(addRoute, { token: user?.token, ip: IP, method: "POST", params: { productId } });
const remove = (user: RegisteredUser | null, productId: string) =>
  call(removeRoute, { token: user?.token, ip: IP, method: "DELETE", params: { productId } });
const check = (user: RegisteredUser | null, productId: string) =>
  call(checkRoute, { token: user?.token, ip: IP, params: { productId } });
const list = (user: RegisteredUser | null) => call(listRoute, { token: user?.token, ip: IP });

describe("saving and unsaving", () => {
  it("needs a login (401) for every wishlist call", async () => {
    const productId = await insertProduct({ sellerId: seller.id, title: "Stoel" });
    for (const res of [await add(null, productId), await remove(null, productId), await check(null, productId), await list(null)]) {
      expect(res.status).toBe(401);
    }
    expect(await db.wishlistItem.count()).toBe(0);
  });

  it("404 for an unknown or deleted product", async () => {
    const deleted = await insertProduct({ sellerId: seller.id, title: "Weg" });
    await db.product.update({ where: { id: deleted }, data: { deletedAt: new Date() } });
    for (const id of [randomUUID(), "abc", deleted]) {
      expect((await add(saver, id)).status).toBe(404);
      expect((await remove(saver, id)).status).toBe(404);
    }
    expect((await check(saver, randomUUID())).body).toEqual({ is_in_wishlist: false });
  });

  it("is idempotent: saving twice keeps one item, removing twice is fine", async () => {
    const productId = await insertProduct({ sellerId: seller.id, title: "Tafel" });
    expect((await check(saver, productId)).body).toEqual({ is_in_wishlist: false });
    for (let n = 0; n < 2; n += 1) {
      const res = await add(saver, productId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ product_id: productId, is_in_wishlist: true });
    }
    expect(await db.wishlistItem.count({ where: { userId: saver.id, productId } })).toBe(1);
    expect((await check(saver, productId)).body).toEqual({ is_in_wishlist: true });
    expect((await check(other, productId)).body).toEqual({ is_in_wishlist: false });
    for (let n = 0; n < 2; n += 1) {
      const res = await remove(saver, productId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ product_id: productId, is_in_wishlist: false });
    }
    expect((await check(saver, productId)).body).toEqual({ is_in_wishlist: false });
  });
});

describe("the list", () => {
  it("shows full product JSON, newest saved first, sold and reserved ones with their state; only the owner's items", async () => {
    const user = await registerUser({ name: "Lijstje" });
    const available = await insertProduct({ sellerId: seller.id, title: "Beschikbaar" });
    const sold = await insertProduct({ sellerId: seller.id, title: "Verkocht", status: "sold" });
    const reserved = await insertProduct({ sellerId: seller.id, title: "Gereserveerd", status: "reserved" });
    for (const id of [available, sold, reserved]) {
      expect((await add(user, id)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await add(other, available);
    const res = await list(user);
    expect(res.status).toBe(200);
    expect(res.body.products.map((p: { title: string }) => p.title)).toEqual(["Gereserveerd", "Verkocht", "Beschikbaar"]);
    expect(res.body.products.map((p: { status: string; is_sold: boolean }) => [p.status, p.is_sold])).toEqual([
      ["reserved", false],
      ["sold", true],
      ["available", false],
    ]);
    expect(res.body.products[2]).toMatchObject({ id: available, seller_id: seller.id, seller_name: "Tijs van den Berg", price: 10, previous_price: null });
    expect(res.body.products[2].seller_email).toBeNull();
  });

  it("tells the seller how many people saved each of their products", async () => {
    const s = await registerUser({ name: "Telverkoper" });
    const a = await insertProduct({ sellerId: s.id, title: "A" });
    const b = await insertProduct({ sellerId: s.id, title: "B" });
    await add(saver, a);
    await add(other, a);
    await add(saver, b);
    const res = await call(savesRoute, { token: s.token, ip: IP });
    expect(res.body).toEqual({ counts: { [a]: 2, [b]: 1 } });
    expect((await call(savesRoute, { token: other.token, ip: IP })).body).toEqual({ counts: {} });
  });
});

describe("price drops", () => {
  async function edit(productJson: { id: string; location_id: string }, price: number) {
    const json = { ...(await listingPayload(seller)), location_id: productJson.location_id, price };
    const res = await call(updateProduct, { method: "PUT", params: { id: productJson.id }, token: seller.token, json });
    expect(res.status).toBe(200);
    return res.body;
  }

  it("a lower price notifies every saver once and shows the old price struck through; a raise does not", async () => {
    const product = await listProduct(seller, { price: 200 });
    await add(saver, product.id);
    await add(other, product.id);
    const dropped = await edit(product, 150);
    expect(dropped).toMatchObject({ price: 150, previous_price: 200 });
    for (const user of [saver, other]) {
      const rows = await db.notification.findMany({ where: { userId: user.id, event: "price.drop" } });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ link: `/product/${product.id}` });
      expect(rows[0]!.message).toContain("150,00");
    }
    expect(await db.notification.count({ where: { userId: seller.id, event: "price.drop" } })).toBe(0);
    // Cards in browse show the same.
    const browse = await call(browseRoute, { path: "/api/products?search=Gazelle" });
    expect(browse.body.find((p: { id: string }) => p.id === product.id)).toMatchObject({ price: 150, previous_price: 200 });

    // A second cut keeps the original price on show; a raise tells nobody.
    expect(await edit(product, 120)).toMatchObject({ price: 120, previous_price: 200 });
    expect(await db.notification.count({ where: { userId: saver.id, event: "price.drop" } })).toBe(2);
    expect(await edit(product, 130)).toMatchObject({ price: 130, previous_price: 200 });
    expect(await db.notification.count({ where: { userId: saver.id, event: "price.drop" } })).toBe(2);
    // Back at or above the old price: nothing is struck through.
    expect(await edit(product, 200)).toMatchObject({ price: 200, previous_price: null });
  });

  it("shows the old price for 7 days only", async () => {
    const product = await listProduct(seller, { price: 80 });
    await edit(product, 60);
    await db.product.update({ where: { id: product.id }, data: { priceDroppedAt: new Date(Date.now() - 7 * 24 * 3600_000 - 1000) } });
    const res = await call(getProduct, { params: { id: product.id } });
    expect(res.body).toMatchObject({ price: 60, previous_price: null, price_dropped_at: null });
  });
});

describe("the exact pickup address in the wishlist", () => {
  it("shows once the saver has paid for the product, and to no other saver", async () => {
    const productId = await productOf(seller, 2500, "Vouwfiets");
    for (const user of [saver, other]) expect((await add(user, productId)).status).toBeLessThan(300);
    const pickupIn = async (user: RegisteredUser) =>
      ((await list(user)).body.products as { id: string; pickup_location: { approximate: boolean } }[]).find((p) => p.id === productId)!.pickup_location;
    expect((await pickupIn(saver)).approximate).toBe(true);
    await buyAndPay(saver, productId);
    expect((await pickupIn(saver)).approximate).toBe(false);
    expect((await pickupIn(other)).approximate).toBe(true);
  });
});

// Rules around buying that live outside the order state machine: a product being paid for
// cannot be edited, and a banned seller's items cannot be bought.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getCart } from "@/app/api/cart/route";
import { POST as addToCart } from "@/app/api/cart/add/route";
import { PUT as updateProduct } from "@/app/api/products/[id]/route";
import { db } from "@/lib/db/client";
import { call } from "../support/http";
import { registerUser, type RegisteredUser } from "../support/factories";
import { ensureCategories, listingPayload, listProduct } from "../support/catalogue";
import { checkout, press, productOf } from "../support/orders";

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

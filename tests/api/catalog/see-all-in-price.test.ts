// The all-in price (docs/catalog.md "Prices"): every product JSON a client gets (the
// list, one product, the cart, the wishlist) carries `buyer_total`, the item's price plus
// the 5 % buyer-protection fee in integer cents, and a checkout charges exactly that.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listProducts } from "@/app/api/products/route";
import { GET as getProduct } from "@/app/api/products/[id]/route";
import { GET as getCart } from "@/app/api/cart/route";
import { POST as addToCart } from "@/app/api/cart/add/route";
import { GET as listWishlist } from "@/app/api/wishlist/route";
import { POST as saveToWishlist } from "@/app/api/wishlist/[productId]/route";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { insertProduct } from "../../support/catalog";
import { cartCheckout, checkout, sessionRow } from "../../support/orders";

const IP = "198.51.100.53";

let seller: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  seller = await registerUser({ name: "Fenna Bakker" });
  buyer = await registerUser({ name: "Jesse Smit" });
});

// 35,00 → 36,75; 10,10 → fee 0,505 rounds half up to 0,51; 34,99 → fee 1,7495 → 1,75.
const PRICES: [number, number][] = [
  [3500, 3675],
  [1010, 1061],
  [3499, 3674],
];

describe("buyer_total", () => {
  it("is the price plus the fee, in euros like the price and in cents, on the list and on the product", async () => {
    for (const [priceCents, total] of PRICES) {
      const id = await insertProduct({ sellerId: seller.id, title: `Allinprijs lamp ${priceCents}`, priceCents });
      const one = await call(getProduct, { ip: IP, params: { id } });
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ price: priceCents / 100, buyer_total: total / 100, buyer_total_cents: total });
      const list = await call(listProducts, { ip: IP, path: `/api/products?search=${encodeURIComponent(`Allinprijs lamp ${priceCents}`)}` });
      const listed = list.body.find((p: { id: string }) => p.id === id);
      expect(listed).toMatchObject({ price: priceCents / 100, buyer_total: total / 100, buyer_total_cents: total });
    }
  });

  it("is what a checkout of the product charges", async () => {
    for (const [priceCents, total] of PRICES) {
      const id = await insertProduct({ sellerId: seller.id, title: `Afrekenprijs ${priceCents}`, priceCents });
      const shown = (await call(getProduct, { ip: IP, params: { id } })).body.buyer_total_cents;
      const started = await checkout(buyer, id);
      expect(started.status).toBe(200);
      expect((await sessionRow(started.body.session_id)).amountTotalCents).toBe(shown);
      expect(shown).toBe(total);
    }
  });

  it("is on the cart's items and the wishlist's products, and the cart's checkout charges their sum", async () => {
    const cartBuyer = await registerUser({ name: "Mila Visser" });
    const ids = [];
    for (const [priceCents] of PRICES) ids.push(await insertProduct({ sellerId: seller.id, title: `Wagenprijs ${priceCents}`, priceCents }));
    for (const id of ids) {
      expect((await call(addToCart, { token: cartBuyer.token, ip: IP, method: "POST", path: `/api/cart/add?product_id=${id}` })).status).toBe(200);
      expect((await call(saveToWishlist, { token: cartBuyer.token, ip: IP, method: "POST", params: { productId: id } })).status).toBe(200);
    }
    const cart = await call(getCart, { token: cartBuyer.token, ip: IP, path: "/api/cart" });
    expect(cart.body.items.map((item: { product: { buyer_total_cents: number } }) => item.product.buyer_total_cents)).toEqual(PRICES.map(([, total]) => total));
    const saved = await call(listWishlist, { token: cartBuyer.token, ip: IP, path: "/api/wishlist" });
    const savedTotals = new Map(saved.body.products.map((p: { id: string; buyer_total_cents: number }) => [p.id, p.buyer_total_cents]));
    expect(ids.map((id) => savedTotals.get(id))).toEqual(PRICES.map(([, total]) => total));

    const started = await cartCheckout(cartBuyer, []);
    expect(started.status).toBe(200);
    const sum = cart.body.items.reduce((all: number, item: { product: { buyer_total_cents: number } }) => all + item.product.buyer_total_cents, 0);
    expect((await sessionRow(started.body.session_id)).amountTotalCents).toBe(sum);
  });
});

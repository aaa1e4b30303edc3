import { beforeAll, describe, expect, it } from "vitest";
import { GET as categories } from "@/app/api/categories/route";
import { GET as featuredSellers } from "@/app/api/featured-sellers/route";
import { GET as profile } from "@/app/api/users/[id]/profile/route";
import { GET as sellerProducts } from "@/app/api/users/[id]/products/route";
import { GET as getProduct } from "@/app/api/products/[id]/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { addReviews, ensureCategories, insertProduct } from "../../support/catalog";

let top: RegisteredUser;
let almost: RegisteredUser;
let few: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  await ensureCategories();
  buyer = await registerUser({ name: "Koper" });
  top = await registerUser({
    name: "Tijs van den Berg",
    phone: "+31634567893",
    is_business_seller: true,
    business_name: "Tweedehands Tijs B.V.",
    vat_number: "NL859234561B01",
  });
  almost = await registerUser({ name: "Bijna Top" });
  few = await registerUser({ name: "Weinig Reviews" });
  await addReviews(top.id, buyer.id, [5, 5, 4, 5, 4]); // 4.6 from 5 reviews
  await addReviews(almost.id, buyer.id, [5, 4, 4, 5, 4, 4]); // 4.33 from 6
  await addReviews(few.id, buyer.id, [5, 5, 5, 5]); // 5.0 from 4
});

describe("GET /api/categories", () => {
  it("lists the names in position order", async () => {
    const res = await call(categories, { path: "/api/categories" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(["Fietsen", "Elektronica", "Meubels", "Huis & Tuin"]);
  });

  it("with_counts=1 adds English names, slugs and the number of products for sale", async () => {
    await insertProduct({ sellerId: top.id, title: "Racefiets", category: "Fietsen" });
    await insertProduct({ sellerId: top.id, title: "Tandem", category: "Fietsen", status: "reserved" });
    const res = await call(categories, { path: "/api/categories?with_counts=1" });
    expect(res.body[0]).toEqual({ name: "Fietsen", name_en: "Bicycles", slug: "fietsen", product_count: 2 });
    // The review fixtures are sold products: not counted.
    expect(res.body.find((c: { slug: string }) => c.slug === "meubels").product_count).toBe(0);
  });
});

describe("GET /api/featured-sellers", () => {
  it("returns top sellers only: rating 4.5 or more with at least 5 reviews", async () => {
    const res = await call(featuredSellers);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toEqual({
      id: top.id,
      name: "Tijs van den Berg",
      profile_image: null,
      rating_average: 4.6,
      rating_count: 5,
      created_at: expect.any(String),
    });
  });

  it("leaves banned sellers out", async () => {
    await db.user.update({ where: { id: top.id }, data: { isBanned: true } });
    expect((await call(featuredSellers)).body).toEqual([]);
    await db.user.update({ where: { id: top.id }, data: { isBanned: false } });
  });
});

describe("GET /api/users/{id}/profile", () => {
  it("shows the public profile without email or phone", async () => {
    const res = await call(profile, { params: { id: top.id } });
    expect(res.status).toBe(200);
    // Last active: the hour of this seller's last signed-in request (lib/domains/accounts/activity.ts).
    const { last_active_at: lastActive, ...body } = res.body;
    expect(lastActive === null || !Number.isNaN(Date.parse(lastActive))).toBe(true);
    expect(body).toEqual({
      id: top.id,
      name: "Tijs van den Berg",
      is_business_seller: true,
      business_name: "Tweedehands Tijs B.V.",
      profile_image: null,
      created_at: expect.any(String),
      rating_average: 4.6,
      rating_count: 5,
      is_featured_seller: true,
      product_count: expect.any(Number),
      trader: expect.objectContaining({ business_name: "Tweedehands Tijs B.V.", withdrawal_days: 14 }),
      // The seller card's figures (tests/api/offers/offer-from-listing.test.ts).
      sales_count: 0,
      response_minutes: null,
      response_time: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(top.email);
    expect(JSON.stringify(res.body)).not.toContain("+3163");
  });

  it("is not a top seller with too few reviews or too low a rating", async () => {
    expect((await call(profile, { params: { id: few.id } })).body).toMatchObject({ rating_average: 5, rating_count: 4, is_featured_seller: false });
    expect((await call(profile, { params: { id: almost.id } })).body).toMatchObject({ rating_average: 4.33, is_featured_seller: false });
  });

  it("answers 404 for unknown, malformed and deleted users", async () => {
    const gone = await registerUser();
    await db.user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    for (const id of ["00000000-0000-4000-8000-000000000000", "me", gone.id]) {
      const res = await call(profile, { params: { id } });
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("Seller not found");
    }
  });
});

describe("GET /api/users/{id}/products", () => {
  it("lists what the seller has for sale, newest first, limited, with the total", async () => {
    const seller = await registerUser({ name: "Noor Smit" });
    const base = Date.now() - 10_000;
    const made = [];
    for (let i = 0; i < 6; i += 1) {
      made.push(await insertProduct({ sellerId: seller.id, title: `Boek ${i}`, createdAt: new Date(base + i * 1000) }));
    }
    await insertProduct({ sellerId: seller.id, title: "Verkocht boek", status: "sold" });
    const res = await call(sellerProducts, { path: `/api/users/${seller.id}/products?limit=4`, params: { id: seller.id } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("6");
    expect(res.body.map((p: { id: string }) => p.id)).toEqual(made.slice(2).reverse());
    expect(res.body[0].seller_email).toBeNull();
    expect(res.body[0].is_featured_seller).toBe(false);
    expect((await call(profile, { params: { id: seller.id } })).body.product_count).toBe(6);
  });

  it("marks products of a top seller and shows their rating", async () => {
    const productId = await insertProduct({ sellerId: top.id, title: "Bureaulamp" });
    const res = await call(getProduct, { params: { id: productId } });
    expect(res.body).toMatchObject({ seller_rating: 4.6, seller_rating_count: 5, is_featured_seller: true, seller_name: "Tijs van den Berg" });
  });

  it("answers an empty list for an unknown seller", async () => {
    const res = await call(sellerProducts, { path: "/api/users/x/products", params: { id: "x" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

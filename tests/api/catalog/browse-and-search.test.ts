// Browse and search through GET /api/products, on fixtures inserted straight into the
// database. The geocoder for `near` is the offline gazetteer (no network in tests).
process.env.GEOCODER = "offline";

import { beforeAll, describe, expect, it } from "vitest";
import { GET as listProducts } from "@/app/api/products/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { ensureCategories, insertProduct } from "../../support/catalog";

let seller: RegisteredUser;
let ids: Record<string, string>;
const HOUR = 60 * 60 * 1000;
const now = Date.now();

beforeAll(async () => {
  await ensureCategories();
  seller = await registerUser({ name: "Fleur Bakker" });
  const other = await registerUser({ name: "Lars Visser" });
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  ids = {
    kinderfiets: await insertProduct({ sellerId: seller.id, title: "Kinderfietsen voor 4 tot 6 jaar", priceCents: 4500, place: "utrecht", createdAt: at(1) }),
    damesfiets: await insertProduct({ sellerId: seller.id, title: "Gazelle damesfiets 28 inch", priceCents: 12500, place: "amersfoort", createdAt: at(2) }),
    fietsen: await insertProduct({ sellerId: other.id, title: "Twee fietsen, opknappers", priceCents: 3000, place: "amsterdam", createdAt: at(3) }),
    fiets: await insertProduct({ sellerId: other.id, title: "Fiets", priceCents: 9900, place: "rotterdam", createdAt: at(4) }),
    bank: await insertProduct({ sellerId: seller.id, title: "Leren bank, drie zits", description: "Comfortabele bank; ophalen met een bakfiets kan.", category: "Meubels", priceCents: 25000, place: "utrecht", createdAt: at(5), condition: "like_new" }),
    lamp: await insertProduct({ sellerId: other.id, title: "Staande lamp 100% messing", category: "Huis & Tuin", priceCents: 2500, place: "amsterdam", createdAt: at(6) }),
    laptop: await insertProduct({ sellerId: other.id, title: "Laptop met lader", category: "Elektronica", priceCents: 30000, place: "rotterdam", createdAt: at(7), isFeatured: true, condition: "like_new" }),
    verkocht: await insertProduct({ sellerId: seller.id, title: "Verkochte fiets", status: "sold", place: "utrecht", createdAt: at(0.5) }),
    gereserveerd: await insertProduct({ sellerId: seller.id, title: "Bakfiets, gereserveerd", status: "reserved", priceCents: 80000, place: "utrecht", createdAt: at(8) }),
  };
  for (let i = 0; i < 25; i += 1) {
    ids[`stoel${i}`] = await insertProduct({ sellerId: other.id, title: `Eetkamerstoel nummer ${i}`, category: "Meubels", priceCents: 1000 + i * 100, place: "rotterdam", createdAt: at(100 + i) });
  }
});

async function search(query: string) {
  const res = await call(listProducts, { path: `/api/products?${query}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ids: (res.body as { id: string }[]).map((p) => p.id), total: Number(res.headers.get("x-total-count")), body: res.body };
}

const named = (...keys: string[]) => keys.map((key) => ids[key]);

describe("text search", () => {
  it("finds 'fiets' inside the compound 'Kinderfietsen' and in every form, ranking the exact title first", async () => {
    const { ids: found } = await search("search=fiets");
    expect(found[0]).toBe(ids.fiets);
    expect(found).toEqual(expect.arrayContaining(named("kinderfiets", "damesfiets", "fietsen", "fiets", "gereserveerd")));
    expect(found).not.toContain(ids.verkocht);
    expect(found).not.toContain(ids.laptop);
  });

  it("tolerates the typo 'fietz'", async () => {
    const { ids: found } = await search("search=fietz");
    expect(found).toEqual(expect.arrayContaining(named("fietsen", "fiets")));
    expect(found).not.toContain(ids.laptop);
  });

  it("searches descriptions through full text ('bakfiets' in the sofa's description)", async () => {
    const { ids: found } = await search("search=bakfiets");
    expect(found).toEqual(expect.arrayContaining(named("bank", "gereserveerd")));
  });

  it("takes % and _ literally and survives tsquery syntax", async () => {
    expect((await search("search=100%25")).ids).toEqual(named("lamp"));
    expect((await search(`search=${encodeURIComponent("fiets & | ! (")}`)).ids.length).toBeGreaterThan(0);
    expect((await search("search=___")).ids).toEqual([]);
  });
});

describe("filters", () => {
  it("hides sold products but keeps reserved ones", async () => {
    const { ids: found, total } = await search("limit=100");
    expect(found).not.toContain(ids.verkocht);
    expect(found).toContain(ids.gereserveerd);
    expect(total).toBe(found.length);
  });

  it("filters by category name, any case; an unknown one finds nothing", async () => {
    const meubels = await search("category=meubels&limit=100");
    expect(meubels.total).toBe(26);
    expect(meubels.body.every((p: { category: string }) => p.category === "Meubels")).toBe(true);
    expect((await search("category=Ruimteschepen")).total).toBe(0);
  });

  it("filters by price in euros, bounds included", async () => {
    const { ids: found } = await search("min_price=45&max_price=125");
    expect(found.sort()).toEqual(named("kinderfiets", "damesfiets", "fiets").sort());
    expect((await search("min_price=799.99")).ids.sort()).toEqual(named("gereserveerd"));
  });

  it("combines search, category, price and location", async () => {
    expect((await search("search=fiets&category=Fietsen&max_price=100&location=Utrecht")).ids).toEqual(named("kinderfiets"));
    expect((await search("search=fiets&category=Fietsen&min_price=100&location=Utrecht")).ids).toEqual(named("gereserveerd"));
    expect((await search("search=fiets&category=Meubels&max_price=100&location=Utrecht")).ids).toEqual([]);
    expect((await search("search=bank&category=Meubels&location=utrecht")).ids).toEqual(named("bank"));
  });

  it("matches the location on the place, part of the address, or a postcode in any spelling", async () => {
    const utrecht = named("kinderfiets", "bank", "gereserveerd").sort();
    expect((await search("location=utrecht")).ids.sort()).toEqual(utrecht);
    expect((await search("location=Neude")).ids.sort()).toEqual(utrecht);
    expect((await search("location=3512ae")).ids.sort()).toEqual(utrecht);
    expect((await search("location=3512%20AE")).ids.sort()).toEqual(utrecht);
    expect((await search("location=3512")).ids.sort()).toEqual(utrecht);
    // Stored without a space, searched with one.
    expect((await search("location=3811%20CJ")).ids).toEqual(named("damesfiets"));
  });

  it("finds products near a place within a radius, nearest first, with the distance", async () => {
    const near = await search("near=Utrecht&radius_km=30&sort=distance");
    expect(near.ids.slice(0, 3).sort()).toEqual(named("kinderfiets", "bank", "gereserveerd").sort());
    expect(near.ids[3]).toBe(ids.damesfiets);
    expect(near.total).toBe(4);
    expect(await search("near=Utrecht&radius_km=30&sort=distance&skip=10")).toMatchObject({ ids: [], total: 4 });
    expect((await search("near=Utrecht&radius_km=30&sort=newest")).total).toBe(4);
    expect(near.ids).not.toContain(ids.fietsen);
    expect(near.body[3].distance_km).toBeGreaterThan(15);
    expect(near.body[3].distance_km).toBeLessThan(25);
    const within10 = await search("near=Utrecht&radius_km=10");
    expect(within10.ids.sort()).toEqual(named("kinderfiets", "bank", "gereserveerd").sort());
    const withSearch = await search("near=Utrecht&radius_km=30&search=fiets");
    expect(withSearch.ids.sort()).toEqual(named("kinderfiets", "damesfiets", "gereserveerd").sort());
  });

  it("answers 422 for a near place that does not exist and for sort=distance without near", async () => {
    const unknown = await call(listProducts, { path: "/api/products?near=Xyzzyvillezzz" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].field).toBe("near");
    const noNear = await call(listProducts, { path: "/api/products?sort=distance" });
    expect(noNear.status).toBe(422);
    expect(noNear.body.detail).toBe("Sorting by distance needs a near location");
  });

  it("filters by condition (the phone's filters sheet), with other filters and near a place; a bad one is a 422", async () => {
    expect((await search("condition=like_new")).ids.sort()).toEqual(named("bank", "laptop").sort());
    expect((await search("condition=like_new&category=Meubels")).ids).toEqual(named("bank"));
    const near = await search("condition=like_new&near=Utrecht&radius_km=10&sort=distance");
    expect(near.ids).toEqual(named("bank"));
    expect(near.body[0].distance_km).toBeLessThan(10);
    expect((await search("condition=poor")).total).toBe(0);
    const bad = await call(listProducts, { path: "/api/products?condition=mint" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe("condition");
  });

  it("filters featured products for the home page", async () => {
    expect((await search("featured=1")).ids).toEqual(named("laptop"));
  });

  it("ignores empty parameters and refuses malformed ones", async () => {
    expect((await search("search=&category=&min_price=&location=")).total).toBeGreaterThan(30);
    const bad = await call(listProducts, { path: "/api/products?min_price=veel" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toEqual({ field: "min_price", message: "min_price must be a number" });
  });
});

describe("sorting and paging", () => {
  it("sorts newest first by default, or by price", async () => {
    const newest = await search("category=Fietsen");
    expect(newest.ids).toEqual(named("kinderfiets", "damesfiets", "fietsen", "fiets", "gereserveerd"));
    const cheapest = await search("category=Fietsen&sort=price_asc");
    expect(cheapest.body.map((p: { price: number }) => p.price)).toEqual([30, 45, 99, 125, 800]);
    const dearest = await search("category=Fietsen&sort=price_desc");
    expect(dearest.body.map((p: { price: number }) => p.price)).toEqual([800, 125, 99, 45, 30]);
  });

  it("pages with limit and skip (or offset) without overlap, and X-Total-Count is the full count", async () => {
    const seen: string[] = [];
    for (let skip = 0; skip < 26; skip += 10) {
      const page = await search(`category=Meubels&limit=10&skip=${skip}`);
      expect(page.total).toBe(26);
      expect(page.ids.length).toBe(Math.min(10, 26 - skip));
      seen.push(...page.ids);
    }
    expect(new Set(seen).size).toBe(26);
    expect((await search("category=Meubels&limit=10&offset=20")).ids).toEqual(seen.slice(20));
    // Past the end: no rows, but still the right total, however it is counted.
    const pastEnd = await search("category=Meubels&skip=500");
    expect(pastEnd).toMatchObject({ ids: [], total: 26 });
    const searched = await search("search=stoel");
    expect(searched.total).toBe(25);
    expect(await search("search=stoel&skip=100")).toMatchObject({ ids: [], total: 25 });
    expect(await search("category=Meubels&max_price=15&skip=100")).toMatchObject({ ids: [], total: 6 });
  });

  it("defaults to 20 and caps the limit at 100", async () => {
    expect((await search("")).ids.length).toBe(20);
    const capped = await search("limit=5000");
    expect(capped.ids.length).toBe(Math.min(100, capped.total));
  });
});

describe("product JSON in lists", () => {
  it("carries every product field and keeps pickup positions approximate for strangers", async () => {
    const { body } = await search("search=Kinderfietsen");
    const product = body[0];
    expect(Object.keys(product)).toEqual(
      expect.arrayContaining([
        "id", "title", "description", "price", "category", "condition", "images", "location_id",
        "pickup_location", "pickup_address", "seller_id", "seller_name", "seller_email",
        "seller_profile_image", "seller_rating", "seller_rating_count", "is_featured_seller",
        "is_featured", "is_sold", "status", "created_at", "thumbnails",
      ]),
    );
    expect(product.seller_email).toBeNull();
    expect(product.pickup_address).toBe("Utrecht");
    expect(product.pickup_location.coordinates).toEqual({ lat: 52.09, lng: 5.12 });
  });

  it("shows the seller their own exact address in lists", async () => {
    const res = await call(listProducts, { path: "/api/products?search=Kinderfietsen", token: seller.token });
    expect(res.body[0].pickup_location.approximate).toBe(false);
    expect(res.body[0].seller_email).toBe(seller.email);
  });

  it("leaves deleted products out", async () => {
    await db.product.update({ where: { id: ids.lamp }, data: { deletedAt: new Date() } });
    expect((await search("search=lamp")).ids).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { resetEnvCache } from "@/lib/platform/env";
import { haversineKm } from "@/lib/domains/geo/distance";
import { productsNear, resolveNear } from "@/lib/domains/geo/nearby";
import { approximatePosition } from "@/lib/domains/geo/privacy";
import { registerUser } from "../../support/factories";

// Known places around Utrecht, where the offline gazetteer puts postcode 3511 AB
// (region 35 → Utrecht, 52.0908, 5.1222).
const PLACES = {
  utrecht: { lat: 52.0907, lng: 5.1214 }, // Domtoren, ~0.1 km
  zeist: { lat: 52.0894, lng: 5.231 }, // ~7.5 km
  amersfoort: { lat: 52.1561, lng: 5.3878 }, // ~19.5 km
  amsterdam: { lat: 52.3676, lng: 4.9041 }, // ~34 km
};

const ids: Record<string, string> = {};
let center: { lat: number; lng: number };

beforeAll(async () => {
  process.env.GEOCODER = "offline";
  resetEnvCache();
  const seller = await registerUser();
  const category = await db.category.create({ data: { name: "Fietsen", nameEn: "Bicycles", slug: "fietsen" } });
  const product = async (title: string, place: { lat: number; lng: number } | null, status: "available" | "sold" = "available") => {
    const location = place
      ? await db.location.create({ data: { address: title, lat: place.lat, lng: place.lng, createdById: seller.id } })
      : null;
    const created = await db.product.create({
      data: {
        sellerId: seller.id, title, description: "Tweedehands", priceCents: 5000, categoryId: category.id,
        status, locationId: location?.id,
      },
    });
    ids[title] = created.id;
  };
  await product("utrecht", PLACES.utrecht);
  await product("zeist", PLACES.zeist);
  await product("amersfoort", PLACES.amersfoort);
  await product("amsterdam", PLACES.amsterdam);
  await product("utrecht-sold", PLACES.utrecht, "sold");
  await product("no-location", null);
  await product("utrecht-deleted", PLACES.utrecht);
  await db.product.update({ where: { id: ids["utrecht-deleted"] }, data: { deletedAt: new Date() } });

  const near = await resolveNear("3511 AB");
  if (!near) throw new Error("3511 AB not found");
  center = near;
});

afterAll(() => {
  delete process.env.GEOCODER;
  resetEnvCache();
});

describe("resolveNear", () => {
  it("turns a postcode or a place into a position in the Netherlands", async () => {
    expect(center).toMatchObject({ label: "3511 AB, Utrecht" });
    expect(haversineKm(center, PLACES.utrecht)).toBeLessThan(1);
    expect(await resolveNear(" Zeist ")).toMatchObject({ label: "Zeist" });
    expect(await resolveNear("Nergenshuizen")).toBeNull();
    expect(await resolveNear("   ")).toBeNull();
  });
});

describe("productsNear", () => {
  it("returns the available products within 10 km of 3511 AB, nearest first", async () => {
    const found = await productsNear({ ...center, radiusKm: 10 });
    expect(found.map((p) => p.productId)).toEqual([ids.utrecht, ids.zeist]);
    expect(found[0]!.distanceKm).toBeLessThan(1);
    expect(found[1]!.distanceKm).toBeCloseTo(7.5, 0);
  });

  it("widens with the radius and leaves out sold products and products without a location", async () => {
    const found = await productsNear({ ...center, radiusKm: 25 });
    expect(found.map((p) => p.productId)).toEqual([ids.utrecht, ids.zeist, ids.amersfoort]);
    const all = await productsNear({ ...center, radiusKm: 50 });
    expect(all.map((p) => p.productId)).toEqual([ids.utrecht, ids.zeist, ids.amersfoort, ids.amsterdam]);
    expect(all.map((p) => p.productId)).not.toContain(ids["utrecht-sold"]);
    expect(all.map((p) => p.productId)).not.toContain(ids["utrecht-deleted"]);
    expect(all.map((p) => p.productId)).not.toContain(ids["no-location"]);
  });

  it("measures from the approximate position, never the exact pickup spot", async () => {
    const [zeist] = await productsNear({ ...PLACES.zeist, radiusKm: 1 });
    expect(zeist!.productId).toBe(ids.zeist);
    const shown = approximatePosition(PLACES.zeist.lat, PLACES.zeist.lng);
    expect(zeist!.distanceKm).toBeCloseTo(haversineKm(PLACES.zeist, shown), 3);
    expect(zeist!.distanceKm).toBeGreaterThan(0);
  });

  it("pages with limit and offset", async () => {
    const page = await productsNear({ ...center, radiusKm: 50, limit: 2, offset: 1 });
    expect(page.map((p) => p.productId)).toEqual([ids.zeist, ids.amersfoort]);
  });

  it("agrees with the haversine distance computed here", async () => {
    for (const found of await productsNear({ ...center, radiusKm: 50 })) {
      const title = Object.keys(ids).find((key) => ids[key] === found.productId) as keyof typeof PLACES;
      const place = PLACES[title];
      const expected = haversineKm(center, approximatePosition(place.lat, place.lng));
      expect(found.distanceKm, title).toBeCloseTo(expected, 6);
    }
  });
});

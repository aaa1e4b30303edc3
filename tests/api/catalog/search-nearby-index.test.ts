// Near searches through the GiST index of cube + earthdistance (migration
// earth_gist) find exactly what the bounding box + haversine found before, at the same
// distances; without the index (an embedded database or server lacking the extensions)
// the search still works, the old way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listProducts } from "@/app/api/products/route";
import { db, Prisma } from "@/lib/platform/db/client";
import { resetEnvCache } from "@/lib/platform/env";
import { hasEarthIndex, nearFilter, resetEarthIndexCache } from "@/lib/domains/geo/nearby";
import { COUNT_CAP } from "@/lib/domains/catalog/capped";
import { planSearch, searchStatements } from "@/lib/domains/catalog/search";
import { productQuerySchema } from "@/lib/domains/catalog/schemas";
import { call } from "../../support/http";
import { registerUser } from "../../support/factories";
import { ensureCategories } from "../../support/catalog";

const CREATE_INDEX = `CREATE INDEX IF NOT EXISTS locations_approx_earth_idx ON locations
  USING gist (ll_to_earth(round(lat * 100) / 100, round(lng * 100) / 100))`;
const LISTINGS_PER_SPOT = 6;
let savedGeocoder: string | undefined;

beforeAll(async () => {
  savedGeocoder = process.env.GEOCODER;
  process.env.GEOCODER = "offline";
  resetEnvCache();
  resetEarthIndexCache();
  const categories = await ensureCategories();
  const seller = await registerUser();
  // 400 pickup spots over the Netherlands (deterministic), one listing each.
  await db.$executeRaw`
    INSERT INTO locations (id, address, lat, lng, created_by_id)
    SELECT gen_random_uuid(), 'Plek ' || n,
           51.3 + ((n * 7919) % 1000) / 1000.0 * 2.1, 3.6 + ((n * 104729) % 1000) / 1000.0 * 3.4, ${seller.id}::uuid
    FROM generate_series(1, 400) n`;
  // Six listings each (more than COUNT_CAP in all, so that nearest-first pages come
  // from the index), pairs of them listed at the same moment (ties broken by id).
  await db.$executeRaw`
    INSERT INTO products (id, seller_id, title, description, price_cents, category_id, location_id, created_at, updated_at)
    SELECT gen_random_uuid(), ${seller.id}::uuid, 'Fiets ' || l.address, 'Tweedehands', 5000 + k * 100,
           CASE WHEN k = 1 THEN ${categories.get("Fietsen")!}::uuid ELSE ${categories.get("Meubels")!}::uuid END, l.id,
           now() - ((row_number() OVER (ORDER BY l.address, k)) / 2) * interval '1 minute', now()
    FROM locations l CROSS JOIN generate_series(1, ${LISTINGS_PER_SPOT}) k`;
});

afterAll(async () => {
  await db.$executeRawUnsafe(CREATE_INDEX).catch(() => undefined);
  resetEarthIndexCache();
  if (savedGeocoder === undefined) delete process.env.GEOCODER;
  else process.env.GEOCODER = savedGeocoder;
  resetEnvCache();
});

type Found = { id: string; distance_km: number }[];

async function within(center: { lat: number; lng: number }, radiusKm: number, earth: boolean): Promise<Found> {
  const near = nearFilter(center, radiusKm, { earth });
  return db.$queryRaw<Found>`SELECT l.id::text AS id, ${near.distanceKm} AS distance_km
    FROM locations l WHERE ${near.within} ORDER BY distance_km, l.id`;
}

async function search(query: string) {
  const res = await call(listProducts, { path: `/api/products?${query}` });
  expect(res.status).toBe(200);
  return { body: res.body as { id: string; distance_km?: number }[], total: res.headers.get("x-total-count") };
}

describe("near searches through the GiST index", () => {
  it("the migration made the index here (cube + earthdistance in both databases)", async () => {
    expect(await hasEarthIndex()).toBe(true);
  });

  it("finds the same locations at the same distances as the bounding box", async () => {
    const centers = [
      { lat: 52.0907, lng: 5.1214 },
      { lat: 52.3676, lng: 4.9041 },
      { lat: 51.4416, lng: 5.4697 },
      { lat: 53.2194, lng: 6.5665 },
    ];
    let compared = 0;
    for (const center of centers) {
      for (const radius of [1, 5, 10, 25, 50, 100]) {
        const viaIndex = await within(center, radius, true);
        const viaBox = await within(center, radius, false);
        expect(viaIndex).toEqual(viaBox);
        compared += viaBox.length;
      }
    }
    expect(compared).toBeGreaterThan(400);
  });

  it("the planner can answer the radius from the index", async () => {
    const near = nearFilter({ lat: 52.0907, lng: 5.1214 }, 10, { earth: true });
    const plan = await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN SELECT l.id FROM locations l WHERE ${near.within}`);
    });
    expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain("locations_approx_earth_idx");
  });

  it("nearest first past the cap: the rows and distances of sorting every match", async () => {
    const utrecht = (await planSearch(productQuerySchema.parse({ near: "Utrecht", radius_km: "250" }))).origin!;
    const near = nearFilter(utrecht, 250, { earth: false });
    const everyMatch = async (where: Prisma.Sql, limit: number, skip: number) =>
      db.$queryRaw<{ id: string; distance_km: number }[]>`
        SELECT p.id::text AS id, ${near.distanceKm} AS distance_km
        FROM products p JOIN locations l ON l.id = p.location_id
        WHERE ${near.within} AND ${where}
        ORDER BY distance_km, p.created_at DESC, p.id DESC LIMIT ${limit} OFFSET ${skip}`;
    const all = Prisma.sql`true`;
    for (const [query, where, capped] of [
      ["", all, true],
      ["&category=Meubels", Prisma.sql`p.category_id = (SELECT id FROM categories WHERE name = 'Meubels')`, true],
      ["&max_price=51", Prisma.sql`p.price_cents <= 5100`, false],
    ] as const) {
      for (const skip of [0, 37, 600]) {
        const found = await search(`near=Utrecht&radius_km=250&sort=distance&limit=40&skip=${skip}${query}`);
        if (capped) expect(found.total, query).toBe(String(COUNT_CAP));
        const expected = await everyMatch(where, 40, skip);
        expect(found.body.map((p) => p.id), `${query} skip ${skip}`).toEqual(expected.map((row) => row.id));
        expect(found.body.map((p) => p.distance_km), `${query} skip ${skip}`).toEqual(expected.map((row) => Math.round(Number(row.distance_km) * 10) / 10));
      }
    }
  });

  it("nearest first past the cap comes from the index's order (KNN), not a sort of every match", async () => {
    const plan = await planSearch(productQuerySchema.parse({ near: "Utrecht", radius_km: "250", sort: "distance" }));
    const { page } = searchStatements(plan, false);
    const explained = await db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${page.text}`, ...page.values);
    const text = explained.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toMatch(/Index Scan using locations_approx_earth_idx[\s\S]*?Order By:/);
  });

  it("without the index the search answers the same, the old way", async () => {
    const queries = [
      "near=Utrecht&radius_km=25&sort=distance&limit=50",
      "near=3511AB&radius_km=10",
      "near=Amsterdam&radius_km=50&search=fiets&limit=30",
      // Past the cap: nearest first from the index with it, every match sorted without.
      "near=Utrecht&radius_km=250&sort=distance&limit=50&skip=450",
    ];
    const withIndex = await Promise.all(queries.map(search));
    expect(withIndex[0]!.body.length).toBeGreaterThan(5);

    await db.$executeRawUnsafe("DROP INDEX locations_approx_earth_idx");
    resetEarthIndexCache();
    expect(await hasEarthIndex()).toBe(false);
    const withoutIndex = await Promise.all(queries.map(search));
    expect(withoutIndex).toEqual(withIndex);

    await db.$executeRawUnsafe(CREATE_INDEX);
    resetEarthIndexCache();
    expect(await hasEarthIndex()).toBe(true);
  });
});

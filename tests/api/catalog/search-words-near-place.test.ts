// Words near a place through the grid cells (migration product_geo_cell): a
// text search within a radius reads only the matches in the cells of the radius from the
// words' own indexes, and finds exactly the listings within the radius, at the same
// distances and in the same order as measuring every match; the cell follows a pickup
// location that moves.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listProducts } from "@/app/api/products/route";
import { db, Prisma } from "@/lib/platform/db/client";
import { cellOf, cellsWithin } from "@/lib/domains/geo/cells";
import { nearFilter } from "@/lib/domains/geo/nearby";
import { planSearch, searchStatements } from "@/lib/domains/catalog/search";
import { productQuerySchema } from "@/lib/domains/catalog/schemas";
import { call } from "../../support/http";
import { registerUser } from "../../support/factories";
import { ensureCategories, withOfflineGeocoder } from "../../support/catalog";

let sellerId: string;

withOfflineGeocoder();

beforeAll(async () => {
  const categories = await ensureCategories();
  const seller = await registerUser();
  sellerId = seller.id;
  // 400 pickup spots within about 30 km of Utrecht (deterministic), across many cells.
  await db.$executeRaw`
    INSERT INTO locations (id, address, city, lat, lng, created_by_id)
    SELECT gen_random_uuid(), 'Plek ' || n, 'Plaats ' || (n % 7),
           51.85 + ((n * 7919) % 1000) / 1000.0 * 0.45, 4.85 + ((n * 104729) % 1000) / 1000.0 * 0.6, ${seller.id}::uuid
    FROM generate_series(1, 400) n`;
  // Three listings a spot: a chair and a bike with the word in the title, one with it only
  // in the description; prices and moments spread, some listed at the same moment.
  await db.$executeRaw`
    INSERT INTO products (id, seller_id, title, description, price_cents, category_id, location_id, created_at, updated_at)
    SELECT gen_random_uuid(), ${seller.id}::uuid,
           CASE k WHEN 1 THEN 'Eetkamerstoel ' || l.address WHEN 2 THEN 'Stoel en fiets ' || l.address ELSE 'Kastje ' || l.address END,
           CASE k WHEN 3 THEN 'Past bij een stoel' ELSE 'Tweedehands' END,
           1000 + ((row_number() OVER (ORDER BY l.address, k)) * 37) % 5000,
           ${categories.get("Meubels")!}::uuid, l.id,
           now() - ((row_number() OVER (ORDER BY l.address, k)) / 2) * interval '1 minute', now()
    FROM locations l CROSS JOIN generate_series(1, 3) k`;
});


type Row = { id: string; distance_km: number };

async function search(query: string) {
  const res = await call(listProducts, { path: `/api/products?${query}` });
  expect(res.status, query).toBe(200);
  return {
    body: res.body as { id: string; distance_km: number }[],
    total: Number(res.headers.get("x-total-count")),
    cursor: res.headers.get("x-next-cursor"),
  };
}

/** Every listing with the word (or any) within the radius, measured from its location: the reference. */
async function everyMatch(word: string | null, radiusKm: number, order: Prisma.Sql): Promise<Row[]> {
  const utrecht = (await planSearch(productQuerySchema.parse({ near: "Utrecht" }))).origin!;
  const near = nearFilter(utrecht, radiusKm, { earth: false });
  const rows = await db.$queryRaw<Row[]>`
    SELECT p.id::text AS id, ${near.distanceKm} AS distance_km
    FROM products p JOIN locations l ON l.id = p.location_id
    WHERE ${near.within} AND (${word === null} OR p.search_vector @@ websearch_to_tsquery('dutch', ${word ?? ""}) OR p.title ILIKE ${`%${word}%`})
    ORDER BY ${order}`;
  return rows.map((row) => ({ id: row.id, distance_km: Math.round(Number(row.distance_km) * 10) / 10 }));
}

describe("words near a place", () => {
  it("reads the cells of the radius, and none past about 35 km", async () => {
    const utrecht = (await planSearch(productQuerySchema.parse({ near: "Utrecht" }))).origin!;
    expect(cellsWithin(utrecht, 10)!.length).toBeGreaterThanOrEqual(4);
    expect(cellsWithin(utrecht, 50)).toBeNull();
  });

  it("reads the matches from the indexes of words and cells together", async () => {
    const plan = await planSearch(productQuerySchema.parse({ search: "stoel", near: "Utrecht", radius_km: "12" }));
    const { page } = searchStatements(plan, false);
    // A few hundred rows: without this PostgreSQL would rather read the whole table.
    const explained = await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${page.text}`, ...page.values);
    });
    const text = explained.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toMatch(/Bitmap Index Scan on products_(search_vector|title_trgm)_cell_idx\s+\(.*\)\s+Index Cond: .*geo_cell && /);
  });

  const orders = {
    newest: Prisma.sql`p.created_at DESC, p.id DESC`,
    price_asc: Prisma.sql`p.price_cents ASC, p.created_at DESC, p.id DESC`,
    distance: Prisma.sql`distance_km ASC, p.created_at DESC, p.id DESC`,
  };

  /** `filter` near Utrecht in each order: first page, the next by cursor (and by skip, newest). */
  async function inEachOrder(filter: string, word: string | null, radius: number) {
    for (const [sort, order] of Object.entries(orders)) {
      const what = `${filter} ${radius} km ${sort}`;
      const expected = await everyMatch(word, radius, order);
      expect(expected.length, what).toBeGreaterThan(100);
      const first = await search(`${filter}&near=Utrecht&radius_km=${radius}&sort=${sort}&limit=50`);
      expect(first.total, what).toBe(Math.min(expected.length, 1000));
      expect(first.body.map((p) => p.id), what).toEqual(expected.slice(0, 50).map((row) => row.id));
      expect(first.body.map((p) => p.distance_km), what).toEqual(expected.slice(0, 50).map((row) => row.distance_km));
      expect(first.cursor, what).toBeTruthy();
      const next = await search(`${filter}&near=Utrecht&radius_km=${radius}&sort=${sort}&limit=50&cursor=${encodeURIComponent(first.cursor!)}`);
      expect(next.body.map((p) => p.id), `${what} cursor`).toEqual(expected.slice(50, 100).map((row) => row.id));
      if (sort !== "newest") continue;
      const skipped = await search(`${filter}&near=Utrecht&radius_km=${radius}&sort=${sort}&limit=50&skip=50`);
      expect(skipped.body.map((p) => p.id), `${what} skip`).toEqual(expected.slice(50, 100).map((row) => row.id));
    }
  }

  // 12 km reads cells; 45 km is too wide for them and measures every match.
  it("finds every listing with the word within the radius, at its distance, in each order", async () => {
    await inEachOrder("search=stoel", "stoel", 12);
    await inEachOrder("search=stoel", "stoel", 45);
  });

  it("finds a category within the radius past the cap, in each order", async () => {
    // More than COUNT_CAP within 25 km: the pages come from the indexes' order there.
    expect((await everyMatch(null, 25, Prisma.sql`p.id`)).length).toBeGreaterThan(1000);
    await inEachOrder("category=Meubels", null, 25);
  });

  it("ranks the same listings at the same distances by relevance", async () => {
    const all = await everyMatch("stoel", 12, Prisma.sql`p.id`);
    expect(all.length).toBeGreaterThan(100);
    const ranked: { id: string; distance_km: number }[] = [];
    for (let skip = 0; skip < all.length; skip += 100) {
      const page = await search(`search=stoel&near=Utrecht&radius_km=12&limit=100&skip=${skip}`);
      expect(page.total).toBe(Math.min(all.length, 1000));
      ranked.push(...page.body);
    }
    expect(ranked.map((p) => p.id).sort()).toEqual(all.map((row) => row.id).sort());
    const distance = new Map(all.map((row) => [row.id, row.distance_km]));
    expect(ranked.every((p) => distance.get(p.id) === p.distance_km)).toBe(true);
  });

  it("ranks words within a radius too wide for the cells, a bounded set past the cap", async () => {
    // Under the cap: every listing with the word within 45 km, each at its distance.
    const kastjes = await everyMatch("kastje", 45, Prisma.sql`p.id`);
    expect(kastjes.length).toBeGreaterThan(100);
    expect(kastjes.length).toBeLessThanOrEqual(1000);
    const ranked: { id: string; distance_km: number }[] = [];
    for (let skip = 0; skip < kastjes.length; skip += 100) {
      const page = await search(`search=kastje&near=Utrecht&radius_km=45&limit=100&skip=${skip}`);
      expect(page.total).toBe(kastjes.length);
      ranked.push(...page.body);
    }
    expect(ranked.map((p) => p.id).sort()).toEqual(kastjes.map((row) => row.id).sort());
    const kastjeDistance = new Map(kastjes.map((row) => [row.id, row.distance_km]));
    expect(ranked.every((p) => kastjeDistance.get(p.id) === p.distance_km)).toBe(true);

    // Past the cap: listings with the word in the title first, newest first, all within
    // the radius at their distance, none twice.
    const stoelen = await everyMatch("stoel", 45, Prisma.sql`p.created_at DESC, p.id DESC`);
    expect(stoelen.length).toBeGreaterThan(1000);
    const stoelDistance = new Map(stoelen.map((row) => [row.id, row.distance_km]));
    const pages = [];
    for (let skip = 0; skip < 300; skip += 100) pages.push(await search(`search=stoel&near=Utrecht&radius_km=45&limit=100&skip=${skip}`));
    expect(pages.every((page) => page.total === 1000)).toBe(true);
    const seen = pages.flatMap((page) => page.body);
    expect(new Set(seen.map((p) => p.id)).size).toBe(300);
    expect(seen.every((p) => stoelDistance.get(p.id) === p.distance_km)).toBe(true);
    const titled = await db.product.findMany({ where: { id: { in: stoelen.map((row) => row.id) }, title: { contains: "stoel", mode: "insensitive" } }, select: { id: true } });
    const inTitle = new Set(titled.map((row) => row.id));
    const titleMatchesNewestFirst = stoelen.filter((row) => inTitle.has(row.id)).map((row) => row.id);
    expect(seen.map((p) => p.id)).toEqual(titleMatchesNewestFirst.slice(0, 300));
  });

  it("follows a pickup location that moves", async () => {
    const listed = await db.product.findFirstOrThrow({ where: { sellerId, title: { startsWith: "Eetkamerstoel" } } });
    const product = await db.product.update({ where: { id: listed.id }, data: { title: "Schommelstoel van oma" } });
    const found = async (near: string, radius: number) =>
      (await search(`search=schommelstoel&near=${near}&radius_km=${radius}`)).body.map((p) => p.id);
    // Moved to Groningen, about 180 km away: found there, no longer near Utrecht.
    await db.location.update({ where: { id: product.locationId! }, data: { lat: 53.2194, lng: 6.5665 } });
    expect(await found("Groningen", 5)).toEqual([product.id]);
    expect(await found("Utrecht", 30)).toEqual([]);
    // The trigger's cell is the one the search computes for that position.
    const [row] = await db.$queryRaw<{ geo_cell: number[] }[]>`SELECT geo_cell FROM products WHERE id = ${product.id}::uuid`;
    expect(row!.geo_cell).toEqual([cellOf({ lat: 53.2194, lng: 6.5665 })]);
    // And its approximate position, from which the search measures it.
    const [position] = await db.$queryRaw<{ approx_lat: number; approx_lng: number }[]>`
      SELECT approx_lat, approx_lng FROM products WHERE id = ${product.id}::uuid`;
    expect(position).toEqual({ approx_lat: 53.22, approx_lng: 6.57 });
    // And back.
    await db.location.update({ where: { id: product.locationId! }, data: { lat: 52.0907, lng: 5.1214 } });
    expect(await found("Utrecht", 2)).toEqual([product.id]);
    expect(await found("Groningen", 5)).toEqual([]);
  });
});

// Counts stop at COUNT_CAP, 1,000: past it GET /api/products answers X-Total-Count: 1000
// with X-Total-Count-Capped: true, on every path of the search (counter, selective,
// relevance, price alone), and its pages are still the right rows in the right order.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listProducts } from "@/app/api/products/route";
import { db } from "@/lib/platform/db/client";
import { COUNT_CAP } from "@/lib/domains/catalog/capped";
import { RELEVANCE_WINDOWS } from "@/lib/domains/catalog/relevance";
import { planSearch, searchStatements } from "@/lib/domains/catalog/search";
import { productQuerySchema } from "@/lib/domains/catalog/schemas";
import { call } from "../../support/http";
import { registerUser } from "../../support/factories";
import { createLocation, ensureCategories, withOfflineGeocoder } from "../../support/catalog";

const MANY = COUNT_CAP + 50;
const FEW = 30;

withOfflineGeocoder();

beforeAll(async () => {
  const categories = await ensureCategories();
  const seller = await registerUser();
  const utrecht = await createLocation(seller.id, "utrecht");
  const amsterdam = await createLocation(seller.id, "amsterdam");
  // Set-based, like the benchmark: prices repeat so that price orders need their tie-breaks.
  // Test data, not a request: free of the app's per-statement limit, which a loaded CI
  // machine (these tests run beside the e2e tests there, at a lower priority) can reach.
  await db.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL statement_timeout = 0");
      await tx.$executeRaw`
        INSERT INTO products (id, seller_id, title, description, price_cents, category_id, location_id, created_at, updated_at)
        SELECT gen_random_uuid(), ${seller.id}::uuid, 'Fiets model ' || n, 'Stadsfiets nummer ' || n,
               100 + (n % 97) * 100, ${categories.get("Fietsen")!}::uuid, ${utrecht}::uuid,
               now() - n * interval '1 minute', now()
        FROM generate_series(1, ${MANY}) n`;
      await tx.$executeRaw`
        INSERT INTO products (id, seller_id, title, description, price_cents, category_id, location_id, created_at, updated_at)
        SELECT gen_random_uuid(), ${seller.id}::uuid, 'Stoel ' || n, 'Eiken stoel', 500 + n, ${categories.get("Meubels")!}::uuid,
               ${amsterdam}::uuid, now() - n * interval '1 minute' - interval '1 second', now()
        FROM generate_series(1, ${FEW}) n`;
    },
    { timeout: 120_000 },
  );
  await db.$executeRawUnsafe("ANALYZE products");
}, 120_000);


async function search(query: string) {
  const res = await call(listProducts, { path: `/api/products?${query}` });
  expect(res.status).toBe(200);
  return {
    ids: (res.body as { id: string }[]).map((p) => p.id),
    total: Number(res.headers.get("x-total-count")),
    capped: res.headers.get("x-total-count-capped"),
  };
}

/** The same page straight from SQL: what the search must return. */
async function expected(where: string, order: string, limit: number, skip = 0) {
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT p.id::text AS id FROM products p JOIN locations l ON l.id = p.location_id
     JOIN categories c ON c.id = p.category_id
     WHERE p.deleted_at IS NULL AND p.status <> 'sold' AND ${where}
     ORDER BY ${order} LIMIT ${limit} OFFSET ${skip}`,
  );
  return rows.map((row) => row.id);
}

const NEWEST = "p.created_at DESC, p.id DESC";

describe("counts capped at 1,000", () => {
  it("the cap is 1,000 (\"1.000+\" on the browse page)", () => {
    expect(COUNT_CAP).toBe(1_000);
  });

  it("the plain browse and one category count from the counters, capped", async () => {
    const all = await search("limit=20");
    expect(all).toMatchObject({ total: COUNT_CAP, capped: "true" });
    expect(all.ids).toEqual(await expected("true", NEWEST, 20));
    expect(await search("category=Fietsen&limit=5")).toMatchObject({ total: COUNT_CAP, capped: "true" });
  });

  it("below the cap the count stays exact, without the header", async () => {
    const few = await search("category=Meubels&limit=10");
    expect(few).toMatchObject({ total: FEW, capped: null });
    expect(few.ids).toEqual(await expected("c.name = 'Meubels'", NEWEST, 10));
    const amsterdam = await search("location=Amsterdam&sort=price_desc&limit=7&skip=3");
    expect(amsterdam).toMatchObject({ total: FEW, capped: null });
    expect(amsterdam.ids).toEqual(await expected("l.city = 'Amsterdam'", `p.price_cents DESC, ${NEWEST}`, 7, 3));
  });

  it("a selective search past the cap pages in index order, deep pages included", async () => {
    const first = await search("location=Utrecht&limit=20");
    expect(first).toMatchObject({ total: COUNT_CAP, capped: "true" });
    expect(first.ids).toEqual(await expected("l.city = 'Utrecht'", NEWEST, 20));

    const cheapest = await search("location=Utrecht&sort=price_asc&limit=20&skip=40");
    expect(cheapest).toMatchObject({ total: COUNT_CAP, capped: "true" });
    expect(cheapest.ids).toEqual(await expected("l.city = 'Utrecht'", `p.price_cents ASC, ${NEWEST}`, 20, 40));

    // Past the 1,000th match: the rows are still there.
    const deep = await search(`location=Utrecht&limit=20&skip=${COUNT_CAP + 40}`);
    expect(deep.ids).toEqual(await expected("l.city = 'Utrecht'", NEWEST, 20, COUNT_CAP + 40));
    expect(deep.ids).toHaveLength(10);
    expect(deep).toMatchObject({ total: COUNT_CAP, capped: "true" });
    // Past the end: nothing, the total still capped.
    expect(await search(`location=Utrecht&limit=20&skip=${MANY + 5}`)).toMatchObject({ ids: [], total: COUNT_CAP, capped: "true" });
  });

  it("a near search past the cap orders by distance, then newest", async () => {
    const near = await search("near=Utrecht&radius_km=5&sort=distance&limit=20");
    expect(near).toMatchObject({ total: COUNT_CAP, capped: "true" });
    // Every match is at the same pickup spot, so newest decides.
    expect(near.ids).toEqual(await expected("l.city = 'Utrecht'", NEWEST, 20));
    // Amsterdam's 30, about 35 km from Utrecht's: exact.
    expect(await search("near=Amsterdam&radius_km=5")).toMatchObject({ total: FEW, capped: null });
  });

  it("text search and price alone report the cap too", async () => {
    const text = await search("search=fiets&limit=10");
    expect(text).toMatchObject({ total: COUNT_CAP, capped: "true" });
    expect(text.ids).toHaveLength(10);
    expect(await search("search=stoel")).toMatchObject({ total: FEW, capped: null });

    const price = await search("min_price=1&limit=20");
    expect(price).toMatchObject({ total: COUNT_CAP, capped: "true" });
    expect(price.ids).toEqual(await expected("p.price_cents >= 100", NEWEST, 20));
    // Below the cap the second statement counts exactly: the €1 bikes (every 97th).
    const cheap = await search("max_price=1&limit=5");
    expect(cheap).toMatchObject({ total: Math.floor(MANY / 97), capped: null });
    expect(cheap.ids).toEqual(await expected("p.price_cents <= 100", NEWEST, 5));
  });
});

// Keyset pages (?cursor=, X-Next-Cursor): deep pages without reading what comes before.
describe("keyset pages", () => {
  async function page(query: string) {
    const res = await call(listProducts, { path: `/api/products?${query}` });
    expect(res.status).toBe(200);
    return {
      ids: (res.body as { id: string }[]).map((p) => p.id),
      total: Number(res.headers.get("x-total-count")),
      next: res.headers.get("x-next-cursor"),
    };
  }

  it("a cursor page is the page skip would give, on every path of the search", async () => {
    const queries = [
      "limit=20", // the plain browse: counters
      "location=Utrecht&sort=price_asc&limit=20", // selective, past the cap: index order
      "category=Meubels&sort=price_desc&limit=7", // selective, collected and sorted
      "min_price=1&sort=price_desc&limit=20", // price alone: a second statement counts
      "near=Amsterdam&radius_km=50&sort=distance&limit=20", // distance, then newest
    ];
    for (const query of queries) {
      const limit = Number(new URLSearchParams(query).get("limit"));
      const first = await page(query);
      expect(first.next, query).toBeTruthy();
      const second = await page(`${query}&cursor=${first.next}`);
      expect(second.ids, query).toEqual((await page(`${query}&skip=${limit}`)).ids);
      // The total is the search's, not what is left after the cursor.
      expect(second.total, query).toBe(first.total);
      const third = await page(`${query}&cursor=${second.next}`);
      expect(third.ids, query).toEqual((await page(`${query}&skip=${2 * limit}`)).ids);
    }
  });

  it("walking by cursor visits every match once, nearest first, and stops at the end", async () => {
    const seen: string[] = [];
    const query = "near=Amsterdam&radius_km=50&sort=distance&limit=100";
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result = await page(cursor ? `${query}&cursor=${cursor}` : query);
      seen.push(...result.ids);
      cursor = result.next;
      pages += 1;
    } while (cursor && pages < 200);
    expect(seen).toHaveLength(MANY + FEW);
    expect(new Set(seen).size).toBe(MANY + FEW);
    // Amsterdam's own listings are the nearest, then Utrecht's 35 km away, newest first.
    expect(seen.slice(0, FEW)).toEqual(await expected("l.city = 'Amsterdam'", NEWEST, FEW));
    expect(seen.slice(FEW, FEW + 50)).toEqual(await expected("l.city = 'Utrecht'", NEWEST, 50));
  });

  it("no cursor where none helps: the last page, and relevance (which pages with skip)", async () => {
    expect((await page("category=Meubels&limit=50")).next).toBeNull();
    expect((await page("category=Meubels&limit=10&skip=20")).next).toBeNull();
    expect((await page("search=fiets&limit=10")).next).toBeNull();
    // Sorted by price, a text search has a keyset like any other.
    expect((await page("search=fiets&sort=price_asc&limit=10")).next).toBeTruthy();
  });

  it("a cursor that is not ours, of another order, beside skip, or for relevance is refused", async () => {
    const price = (await page("location=Utrecht&sort=price_asc&limit=5")).next!;
    const refused = [
      "cursor=bm90LWEtY3Vyc29y",
      "cursor=%7B%7D",
      `cursor=${price}`, // newest, with a price_asc cursor
      `sort=price_asc&cursor=${price}&skip=5`,
      `search=fiets&cursor=${price}`,
    ];
    for (const query of refused) {
      const res = await call(listProducts, { path: `/api/products?${query}` });
      expect(res.status, query).toBe(422);
      expect(JSON.stringify(res.body), query).toContain("cursor");
    }
  });
});

// Past the cap a text search does not rank every match (tens of thousands at a million
// listings): it reads tiers newest first (lib/domains/catalog/relevance.ts). Last in the
// file: it adds listings the tests above do not expect.
describe("relevance past the cap", () => {
  it("reads the exact title first, then the words in the title newest first, then the description", async () => {
    const seller = await registerUser();
    const location = await createLocation(seller.id, "utrecht");
    const categories = await ensureCategories();
    const [exact, helmet] = await db.$queryRaw<{ id: string }[]>`
      INSERT INTO products (id, seller_id, title, description, price_cents, category_id, location_id, created_at, updated_at)
      VALUES (gen_random_uuid(), ${seller.id}::uuid, 'Fiets', 'Oud maar goed', 2500, ${categories.get("Fietsen")!}::uuid,
              ${location}::uuid, now() - interval '30 days', now()),
             (gen_random_uuid(), ${seller.id}::uuid, 'Helm zwart', 'Past bij elke fiets', 1500, ${categories.get("Meubels")!}::uuid,
              ${location}::uuid, now() + interval '1 minute', now())
      RETURNING id::text AS id`;
    const models = await expected("p.title LIKE 'Fiets model %'", NEWEST, MANY);
    expect(models).toHaveLength(MANY);

    const first = await search("search=fiets&limit=20");
    expect(first).toMatchObject({ total: COUNT_CAP, capped: "true" });
    // The exact title although it is the oldest; the newest listing (the word only in its
    // description) not on the first page.
    expect(first.ids).toEqual([exact!.id, ...models.slice(0, 19)]);
    // The description's match comes after the last title match.
    const last = await search(`search=fiets&limit=5&skip=${MANY - 1}`);
    expect(last.ids).toEqual([...models.slice(MANY - 2), helmet!.id]);

    // A typo corrected to a common word: the corrected words, in the same tiers.
    const typo = await call(listProducts, { path: "/api/products?search=fietz&limit=3" });
    expect(typo.headers.get("x-search-suggestion")).toBe("fiets");
    expect((typo.body as { id: string }[]).map((p) => p.id)).toEqual(models.slice(0, 3));
  });

  /**
   * How the title tier's page was read (relevance.ts): from the first look at the newest
   * listings ("first"), a second, longer look ("second"), or the whole tier ("whole").
   */
  async function titleTierRead(query: string): Promise<string> {
    const plan = await planSearch(productQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))));
    const { page } = searchStatements(plan, false);
    const rows = await db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${page.text}`,
      ...page.values,
    );
    const second = /CTE g1\n\s*->\s+[^\n]*\((never executed|actual rows=(\d+))/.exec(rows.map((row) => row["QUERY PLAN"]).join("\n"));
    if (!second) throw new Error("no second look (CTE g1) in the plan");
    if (second[1] === "never executed") return "first";
    return Number(second[2]) > 0 ? "second" : "whole";
  }

  it("reads the same pages from the newest listings, a second look at more of them, or the whole tier", async () => {
    const saved = { ...RELEVANCE_WINDOWS };
    try {
      // Up to 96 euro: the models but about one in 97 (still past the cap), the exact
      // title and the helmet of the test above.
      const exact = await expected("p.title = 'Fiets'", NEWEST, 1);
      const models = await expected("p.title LIKE 'Fiets model %' AND p.price_cents <= 9600", NEWEST, MANY);
      expect(models.length).toBeGreaterThan(COUNT_CAP);
      const tiered = [...exact, ...models];
      const page = async (skip: number) => (await search(`search=fiets&max_price=96&limit=20&skip=${skip}`)).ids;
      const cases: [string, { newest: number; wider: number }, number][] = [
        // 40 newest listings hold a page of models (the stools of the first test are between them).
        ["first", { newest: 40, wider: 200 }, 0],
        // 10 hold four or five: twice what they promise (80 to 100) is within 200.
        ["second", { newest: 10, wider: 200 }, 0],
        // ... but not within 50.
        ["whole", { newest: 10, wider: 50 }, 0],
        // Deep: 520 rows needed, the first look promises them within about 2,600.
        ["second", { newest: 10, wider: 5_000 }, 500],
        ["whole", { newest: 10, wider: 200 }, 500],
      ];
      for (const [read, windows, skip] of cases) {
        Object.assign(RELEVANCE_WINDOWS, windows);
        const what = `${JSON.stringify(windows)} skip ${skip}`;
        expect(await titleTierRead(`search=fiets&max_price=96&limit=20&skip=${skip}`), what).toBe(read);
        // The exact title comes first on the first page; the rest are models, newest first.
        expect(await page(skip), what).toEqual(tiered.slice(skip, skip + 20));
      }
    } finally {
      Object.assign(RELEVANCE_WINDOWS, saved);
    }
  });
});

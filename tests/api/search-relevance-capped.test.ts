// Relevance past the count cap (issue 28, lib/domains/catalog/relevance.ts): with more
// matches than COUNT_CAP only the candidates for the first places are ranked, and the
// page is still the one ranking every match gives: checked against the ranking as it
// was (every match ranked, in SQL below), for the exact and the typo-tolerant pass, deep
// pages, filters and `near`. With the rum index (PostgreSQL with the extension) the
// results are the same as without it, and the best full-text matches come from it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listProducts } from "@/app/api/products/route";
import { db, Prisma } from "@/lib/platform/db/client";
import { resetEnvCache } from "@/lib/platform/env";
import { COUNT_CAP } from "@/lib/domains/catalog/capped";
import { hasRumIndex, RERANK_WINDOW, resetRumIndexCache } from "@/lib/domains/catalog/relevance";
import { planSearch, searchStatements } from "@/lib/domains/catalog/search";
import { productQuerySchema } from "@/lib/domains/catalog/schemas";
import { resetVocabulary } from "@/lib/domains/catalog/typos";
import { call } from "../support/http";
import { registerUser } from "../support/factories";
import { createLocation, ensureCategories } from "../support/catalogue";

const COMPOUNDS = COUNT_CAP + 150; // "Kinderfiets …": substring matches, rank 0
const WORDS = 120; // "… fiets …": full-text matches, ranks by how often the word occurs
let savedGeocoder: string | undefined;
let rumIndexDef: string | null = null;

beforeAll(async () => {
  savedGeocoder = process.env.GEOCODER;
  process.env.GEOCODER = "offline";
  resetEnvCache();
  resetRumIndexCache();
  resetVocabulary();
  const categories = await ensureCategories();
  const seller = await registerUser();
  const utrecht = await createLocation(seller.id, "utrecht");
  const amsterdam = await createLocation(seller.id, "amsterdam");
  await db.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL statement_timeout = 0");
      // Compounds every few minutes, some at the same moment (ties broken by id).
      await tx.$executeRaw`
        INSERT INTO products (id, seller_id, title, description, price_cents, category_id, location_id, created_at, updated_at)
        SELECT gen_random_uuid(), ${seller.id}::uuid, 'Kinderfiets model ' || n, 'Loopt goed', 1000 + (n % 50) * 100,
               CASE WHEN n % 3 = 0 THEN ${categories.get("Meubels")!}::uuid ELSE ${categories.get("Fietsen")!}::uuid END,
               CASE WHEN n % 2 = 0 THEN ${amsterdam}::uuid ELSE ${utrecht}::uuid END,
               timestamptz '2026-11-01' - (n / 3) * interval '7 minutes', now()
        FROM generate_series(1, ${COMPOUNDS}) n`;
      // Full-text matches of three ranks, spread among the compounds in time.
      await tx.$executeRaw`
        INSERT INTO products (id, seller_id, title, description, price_cents, category_id, location_id, created_at, updated_at)
        SELECT gen_random_uuid(), ${seller.id}::uuid,
               CASE n % 3 WHEN 0 THEN 'Stevige fiets' WHEN 1 THEN 'Fiets en nog een fiets' ELSE 'Lamp' END,
               CASE n % 3 WHEN 2 THEN 'Past achterop de fiets' ELSE 'Zo goed als nieuw' END,
               2000 + n, ${categories.get("Fietsen")!}::uuid,
               CASE WHEN n % 2 = 0 THEN ${amsterdam}::uuid ELSE ${utrecht}::uuid END,
               timestamptz '2026-11-01' - n * interval '31 minutes', now()
        FROM generate_series(1, ${WORDS}) n`;
      // Exact titles rank first wherever they are in time.
      await tx.$executeRaw`
        INSERT INTO products (id, seller_id, title, description, price_cents, category_id, location_id, created_at, updated_at)
        VALUES (gen_random_uuid(), ${seller.id}::uuid, 'Fiets', 'Oud', 500, ${categories.get("Fietsen")!}::uuid, ${utrecht}::uuid,
                timestamptz '2025-01-01', now())`;
    },
    { timeout: 120_000 },
  );
  await db.$executeRawUnsafe("ANALYZE products");
  const rows = await db.$queryRaw<{ indexdef: string }[]>`SELECT indexdef FROM pg_indexes WHERE indexname = 'products_search_rum_idx'`;
  rumIndexDef = rows[0]?.indexdef ?? null;
}, 120_000);

afterAll(async () => {
  if (rumIndexDef) await db.$executeRawUnsafe(rumIndexDef.replace("CREATE INDEX", "CREATE INDEX IF NOT EXISTS")).catch(() => undefined);
  resetRumIndexCache();
  if (savedGeocoder === undefined) delete process.env.GEOCODER;
  else process.env.GEOCODER = savedGeocoder;
  resetEnvCache();
});

async function search(query: string) {
  const res = await call(listProducts, { path: `/api/products?${query}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    ids: (res.body as { id: string }[]).map((p) => p.id),
    total: Number(res.headers.get("x-total-count")),
    capped: res.headers.get("x-total-count-capped"),
  };
}

/**
 * The ranking as it was before the cap: every match of `where` ranked (exact title, as
 * typed, ts_rank, newest; word similarity re-ranks the best RERANK_WINDOW), then the page.
 */
async function rankedAll(search: string, where: Prisma.Sql, limit: number, skip = 0, corrected: string | null = null) {
  const query = Prisma.sql`websearch_to_tsquery('dutch', ${search})`;
  const pattern = `%${search}%`;
  const fixed = corrected
    ? Prisma.sql`OR p.search_vector @@ websearch_to_tsquery('dutch', ${corrected}) OR p.title ILIKE ${`%${corrected}%`}`
    : Prisma.empty;
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT r.id::text AS id FROM (
      SELECT m.*, row_number() OVER (ORDER BY m.exact DESC, m.as_typed DESC, m.text_rank DESC, m.created_at DESC, m.id DESC) AS pre_rank
      FROM (
        SELECT p.id, p.title, p.created_at, lower(p.title) = lower(${search}) AS exact,
               (p.search_vector @@ ${query} OR p.title ILIKE ${pattern}) AS as_typed,
               CASE WHEN p.search_vector @@ ${query} THEN ts_rank(p.search_vector, ${query}) ELSE 0 END AS text_rank
        FROM products p JOIN locations l ON l.id = p.location_id
        WHERE p.deleted_at IS NULL AND p.status <> 'sold' AND ${where}
          AND (p.search_vector @@ ${query} OR p.title ILIKE ${pattern} ${fixed})
      ) m
    ) r
    ORDER BY r.pre_rank <= ${RERANK_WINDOW} DESC, r.exact DESC, r.as_typed DESC,
             CASE WHEN r.pre_rank <= ${RERANK_WINDOW} THEN r.text_rank + word_similarity(${search}, r.title) ELSE r.text_rank END DESC,
             r.created_at DESC, r.id DESC
    LIMIT ${limit} OFFSET ${skip}`;
  return rows.map((row) => row.id);
}

const everywhere = Prisma.sql`true`;

describe("relevance past the cap", () => {
  it("a common word: capped, and the page is the one ranking every match gives, deep pages included", async () => {
    for (const [limit, skip] of [[20, 0], [30, 20], [20, RERANK_WINDOW - 10], [25, RERANK_WINDOW + 40]] as const) {
      const found = await search(`search=fiets&limit=${limit}&skip=${skip}`);
      expect(found).toMatchObject({ total: COUNT_CAP, capped: "true" });
      expect(found.ids, `skip ${skip}`).toEqual(await rankedAll("fiets", everywhere, limit, skip));
    }
    // The exact title first, though it is the oldest of all.
    expect((await search("search=fiets&limit=1")).ids).toEqual(await rankedAll("fiets", everywhere, 1));
  });

  it("with filters and near, past the cap and under it", async () => {
    const cases: [string, Prisma.Sql][] = [
      ["category=Fietsen", Prisma.sql`p.category_id = (SELECT id FROM categories WHERE name = 'Fietsen')`],
      ["location=Amsterdam", Prisma.sql`l.city = 'Amsterdam'`],
      ["near=Amsterdam&radius_km=5", Prisma.sql`l.city = 'Amsterdam'`],
      ["min_price=20&max_price=30", Prisma.sql`p.price_cents BETWEEN 2000 AND 3000`],
    ];
    for (const [filter, where] of cases) {
      const found = await search(`search=fiets&${filter}&limit=40`);
      expect(found.ids, filter).toEqual(await rankedAll("fiets", where, 40));
    }
    // Under the cap the count stays exact.
    const few = await search("search=fiets&category=Meubels");
    expect(few.capped).toBeNull();
    expect(few.total).toBe(Math.floor(COMPOUNDS / 3));
  });

  it("the typo-tolerant pass: a corrected common word ranks like every match ranked", async () => {
    resetVocabulary();
    const found = await search("search=fietz&limit=30");
    expect(found).toMatchObject({ total: COUNT_CAP, capped: "true" });
    expect(found.ids).toEqual(await rankedAll("fietz", everywhere, 30, 0, "fiets"));
  });

  it("ranks only the candidates, not every match", async () => {
    const plan = await planSearch(productQuerySchema.parse({ search: "fiets", limit: "20" }));
    const { page } = searchStatements(plan, false);
    const explained = await db.$queryRawUnsafe<{ "QUERY PLAN": unknown }[]>(`EXPLAIN (ANALYZE, FORMAT JSON) ${page.text}`, ...page.values);
    const ranked = rowNumberRows(explained[0]!["QUERY PLAN"]);
    expect(ranked).toBeGreaterThan(0);
    // At most: the exact titles, the full-text matches (all of them here), the newest RERANK_WINDOW.
    expect(ranked).toBeLessThanOrEqual(1 + WORDS + RERANK_WINDOW);
  });
});

/** Rows entering the window that numbers the ranked rows (pre_rank). */
function rowNumberRows(plan: unknown): number {
  let rows = 0;
  const visit = (node: Record<string, unknown>) => {
    if (node["Node Type"] === "WindowAgg") rows = Math.max(rows, Number(node["Actual Rows"]));
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) visit(child);
  };
  const root = (Array.isArray(plan) ? plan[0] : JSON.parse(String(plan))[0]) as { Plan: Record<string, unknown> };
  visit(root.Plan);
  return rows;
}

describe("with the rum index (PostgreSQL with the extension)", () => {
  it("the same pages with the index and without it", async ({ skip }) => {
    resetRumIndexCache();
    if (!(await hasRumIndex())) return skip();
    const queries = ["search=fiets&limit=40", "search=fiets&limit=20&skip=100", "search=lamp", "search=fiets&category=Meubels&limit=50", "search=fietz&limit=20"];
    const withRum = await Promise.all(queries.map(search));
    const plan = await planSearch(productQuerySchema.parse({ search: "fiets", limit: "20" }));
    expect(plan.rum).toBe(true);
    const { page } = searchStatements(plan, false);
    const explained = await db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${page.text}`, ...page.values);
    expect(explained.map((row) => row["QUERY PLAN"]).join("\n")).toContain("products_search_rum_idx");

    await db.$executeRawUnsafe("DROP INDEX products_search_rum_idx");
    resetRumIndexCache();
    expect(await hasRumIndex()).toBe(false);
    const withoutRum = await Promise.all(queries.map(search));
    expect(withoutRum).toEqual(withRum);
  });
});

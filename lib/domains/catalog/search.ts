/**
 * Browse and search (GET /api/products, the browse, home and seller pages), built from
 * typed parts with Prisma.sql so user input only ever travels as bind parameters.
 *
 * Text search matches in two ways, either of which counts:
 *  - PostgreSQL full text in the `dutch` configuration on title and description (stems:
 *    "fietsen" finds "fiets"), through the GIN index on search_vector;
 *  - a substring of the title ("fiets" finds "Kinderfietsen": Dutch glues words into
 *    compounds that the stemmer does not split), through the trigram index on title.
 * When that finds (almost) nothing, the search runs again tolerating typos: trigram word
 * similarity with the title ("fietz" finds "Fietsen"), same trigram index. Similarity
 * is costly per row, so a common word does not pay for it (docs/performance.md).
 *
 * Ranking (./relevance.ts): an exact title first, then ts_rank + word_similarity, then
 * newest. To keep a common word cheap, word_similarity re-ranks the RERANK_WINDOW best
 * full-text candidates; past them the order is ts_rank, then newest. Past COUNT_CAP
 * matches the page is read in tiers instead (exact title, the words in the title, the
 * rest), each newest first from the created_at index.
 *
 * Counting, exact up to COUNT_CAP (1,000) and then "1.000+" (X-Total-Count: 1000 with
 * X-Total-Count-Capped: true), as search engines do: past the cap, a count would cost
 * more than the page it is shown with.
 *  - the plain browse (all, or one category) reads category_counts, a trigger-kept
 *    count, inside the page query; its page is the first rows of an index;
 *  - a selective search (text, category, location, near, one seller) collects at most
 *    COUNT_CAP + 1 matches; when that is all of them, it counts and sorts them there,
 *    otherwise (many matches) the page is read in index order (capped.ts);
 *  - a relevance search collects the same way and ranks what it collected; past the cap
 *    it reads tiers in index order (./relevance.ts);
 *  - words or a category near a place, within a radius narrow enough (about 35 km), read
 *    only the products in the grid cells of the radius, from the indexes that hold words
 *    or category beside the cell, and measure each one (./near.ts, lib/domains/geo/cells.ts):
 *    words are then few enough to rank or sort whole (./within.ts), a category is
 *    collected up to the cap as above. With a wider radius, words measure each match
 *    from its own position and are collected and ranked like any text search (a bounded
 *    set past the cap); a category joins the locations within the radius;
 *  - a near search in distance order past the cap reads its locations nearest first
 *    from the GiST index (./nearest.ts) instead of sorting every match in the radius;
 *  - price or featured alone, which can match most of the catalogue, reads the page in
 *    index order and counts up to the cap in a second statement run at the same time.
 */
import { AppError } from "@/lib/platform/api/errors";
import { db, Prisma, queryRows } from "@/lib/platform/db/client";
import { hasEarthIndex, resolveNear } from "@/lib/domains/geo";
import { cappedCount, cappedPage, capTotal } from "./capped";
import { andAfter, nextCursor } from "./keyset";
import { locationMatch, textMatch } from "./matches";
import { distanceOf, nearParts, rowDistance } from "./near";
import { nearestPage } from "./nearest";
import { rankedWithin, relevancePage } from "./relevance";
import { productRowsQuery } from "./rows";
import { withinPage } from "./within";
import { postgresSearch } from "./search-provider";
import { reviewSearch } from "./typos";
import { RADIUS_KM_DEFAULT, type ProductQuery, type Sort } from "./schemas";
import { serializeProduct, visibilityFor, type ProductJson, type ProductRow, type Viewer } from "./serialize";

/** Fewer exact matches than this, and the search runs again tolerating typos. */
export const FUZZY_BELOW = 3;

/** Restrictions that come from the caller's context rather than from the query string. */
export type SearchScope = {
  /** Only this seller's products. */
  sellerId?: string;
  /** Sold products too (a seller's own list). */
  includeSold?: boolean;
  /** Leave this product out ("more from this seller"). */
  excludeProductId?: string;
  /** Only listings created after this moment (saved searches' new matches). */
  createdAfter?: Date;
  /** Leave this seller's listings out (a saved search never reports your own). */
  excludeSellerId?: string;
};

/** `suggestion`: the corrected search ("Bedoelde je …?") when the words as typed found nothing. */
export type SearchResult = {
  products: ProductJson[];
  total: number;
  totalIsCapped: boolean;
  suggestion?: string | null;
  /** Where the next page starts (`?cursor=`), when this one is full and its order allows it. */
  nextCursor?: string | null;
};

/** What a pass found: its page, the total up to COUNT_CAP, and whether there were more. */
export type SearchRows = { rows: ProductRow[]; total: number; totalIsCapped: boolean; suggestion?: string | null };

/** A point to measure from, already resolved from the `near` text; `earth`: use the GiST index. */
export type Origin = { lat: number; lng: number; label: string; radiusKm: number; earth?: boolean };

/**
 * A search ready to run: the query, its scope, `near` resolved to a point, and (in the
 * typo-tolerant pass) the search with unknown words corrected (lib/domains/catalog/typos.ts).
 */
export type SearchPlan = { query: ProductQuery; scope: SearchScope; origin: Origin | null; corrected?: string | null };

/** The SQL of one pass: product rows, and the count when the page does not carry it. */
export type SearchStatements = { page: Prisma.Sql; count: Prisma.Sql; countInPage: boolean };

/** Runs one statement; the API uses Prisma, the benchmark plain pg with the same SQL. */
export type Executor = <T>(sql: Prisma.Sql) => Promise<T[]>;

const prismaExecutor: Executor = <T>(sql: Prisma.Sql) => db.$queryRaw<T[]>(sql);

export async function searchProducts(
  query: ProductQuery,
  viewer: Viewer,
  scope: SearchScope = {},
): Promise<SearchResult> {
  // Through the search provider (./search-provider.ts): PostgreSQL, on a replica when there is one.
  const plan = await planSearch(query, scope);
  const { rows, total, totalIsCapped, suggestion } = await postgresSearch.search(plan);
  const next = nextCursor(rows, { sort: sortOf(plan), limit: query.limit, skip: query.skip, cursor: Boolean(query.after), total, totalIsCapped });
  return { products: await serializeForViewer(rows, viewer), total, totalIsCapped, suggestion: suggestion ?? null, nextCursor: next };
}

/** Resolves `near` (a place or postcode) through the geocoder; 422 when it names nothing. */
export async function planSearch(query: ProductQuery, scope: SearchScope = {}): Promise<SearchPlan> {
  if (!query.near) return { query, scope, origin: null };
  const found = await resolveNear(query.near);
  if (!found) {
    const message = "We could not find this place or postcode in the Netherlands";
    throw new AppError("validation", message, { code: "near_not_found", errors: [{ field: "near", message }] });
  }
  const radiusKm = query.radiusKm ?? RADIUS_KM_DEFAULT;
  return { query, scope, origin: { ...found, radiusKm, earth: await hasEarthIndex() } };
}

/** Runs a plan: the exact pass, then the typo-tolerant one when the first finds too little. */
export async function runSearch(
  plan: SearchPlan,
  execute: Executor = prismaExecutor,
): Promise<SearchRows> {
  const exact = await runStatements(plan, searchStatements(plan, false), execute);
  if (!plan.query.search || exact.total >= FUZZY_BELOW) return exact;
  // Only misspellings are corrected, to the closest whole word of the catalogue; the
  // matches as typed still rank first. Real words (Dutch or the catalogue's) that found
  // nothing stay that way: no look-alikes of another word (./typos.ts).
  const { corrected, widened, allKnown } = await reviewSearch(plan.query.search, execute);
  if (!corrected && !widened && allKnown) return { ...exact, suggestion: null };
  const fuzzyPlan: SearchPlan = { ...plan, corrected: corrected ?? widened };
  const fuzzy = await runStatements(fuzzyPlan, searchStatements(fuzzyPlan, true), execute);
  return { ...fuzzy, suggestion: exact.total === 0 && corrected && fuzzy.total > 0 ? corrected : null };
}

async function runStatements(plan: SearchPlan, statements: SearchStatements, execute: Executor): Promise<SearchRows> {
  const count = async () => Number((await execute<{ total: number }>(statements.count))[0]?.total ?? 0);
  if (!statements.countInPage) {
    const [rows, total] = await Promise.all([execute<ProductRow>(statements.page), count()]);
    return { rows, ...capTotal(total) };
  }
  const rows = await execute<ProductRow>(statements.page);
  if (rows[0]) return { rows, ...capTotal(Number(rows[0].total_count ?? 0)) };
  // An empty page past the end (or after a cursor) says nothing about the total.
  return { rows, ...capTotal(plan.query.skip > 0 || plan.query.after ? await count() : 0) };
}

/** The SQL of one pass over the catalogue (exported for the benchmark). */
export function searchStatements(plan: SearchPlan, fuzzy: boolean): SearchStatements {
  const { query, origin } = plan;
  const parts = searchParts(plan, fuzzy);
  const counters = countFromCounters(plan);
  const window = Prisma.sql`LIMIT ${query.limit} OFFSET ${query.skip}`;
  const sort = sortOf(plan);
  // Keyset pages (./keyset.ts): the page continues after the cursor; the count does not.
  const after = query.after;

  let inner: Prisma.Sql;
  let countInPage = true;
  if (query.search && origin && parts.inCells) {
    // Words near a place, narrowed to the grid cells of the radius: few enough matches to
    // measure row by row and sort whole (./within.ts).
    const distance = rowDistance(origin);
    const where = parts.inCells;
    const { radiusKm } = origin;
    inner =
      sort === "relevance"
        ? rankedWithin({ where, distance, radiusKm, search: query.search, limit: query.limit, skip: query.skip })
        : withinPage({ where, distance, radiusKm, order: orderBy(sort, "m"), after: andAfter(after, "m", distanceOf(origin)), window });
  } else if (sort === "relevance" && query.search) {
    // Near a place with a radius too wide for the cells: each match is measured from the
    // position it carries, and the ranking stays bounded (./relevance.ts).
    const distance = parts.near && origin ? rowDistance(origin) : undefined;
    inner = relevancePage({
      where: distance && origin ? Prisma.sql`${parts.where} AND ${distance} <= ${origin.radiusKm}::float8` : parts.where,
      search: query.search,
      fuzzy,
      corrected: fuzzy ? plan.corrected : null,
      distance,
      limit: query.limit,
      skip: query.skip,
    });
  } else if (counters) {
    // The plain browse: the page is the first rows of an index, the total a counter
    // lookup evaluated once inside the same statement.
    inner = Prisma.sql`
      SELECT p.id, NULL::float8 AS distance_km, (${counters}) AS total
      FROM products p
      WHERE ${parts.where}${andAfter(after, "p")}
      ORDER BY ${orderBy(sort, "p")}
      ${window}`;
  } else if (isSelective(plan)) {
    // Up to COUNT_CAP matches: collect them once, count and sort them there. (Left to
    // itself, PostgreSQL may walk the created_at index hoping to find LIMIT matches
    // early, and read most of the table when they are rare.) More: index order.
    inner = cappedPage({
      from: fromProducts(parts),
      where: parts.where,
      indexedWhere: parts.scanWhere ?? undefined,
      distance: parts.distance,
      collectedOrder: orderBy(sort, "m"),
      indexOrder: sort === "distance" && origin ? Prisma.sql`${parts.distance} ASC, p.created_at DESC, p.id DESC` : orderBy(sort, "p"),
      window,
      afterCollected: andAfter(after, "m", distanceOf(origin)),
      afterIndexed: andAfter(after, "p", distanceOf(origin), parts.distance),
      // Nearest first from the GiST index rather than sorting every match (./nearest.ts).
      indexedPage:
        sort === "distance" && origin
          ? (pastCap, nthDistance) =>
              nearestPage({
                origin,
                where: parts.where,
                after: (distance) => andAfter(after, "p", distanceOf(origin), distance),
                gate: pastCap,
                bound: nthDistance(query.skip + query.limit),
                limit: query.limit,
                skip: query.skip,
              })
          : undefined,
    });
  } else {
    // Price or featured alone can match most of the catalogue: the page stops after
    // LIMIT rows in index order, and a second statement counts.
    countInPage = false;
    inner = Prisma.sql`
      SELECT p.id, NULL::float8 AS distance_km, NULL::bigint AS total
      FROM products p
      WHERE ${parts.where}${andAfter(after, "p")}
      ORDER BY ${orderBy(sort, "p")}
      ${window}`;
  }
  // row_number() over the sorted, limited subquery numbers the rows in its order.
  const page = Prisma.sql`SELECT s.id, row_number() OVER () AS ord, s.distance_km, s.total FROM (${inner}) s`;
  const count = counters ?? cappedCount(Prisma.sql`SELECT 1 FROM ${fromProducts(parts)} WHERE ${parts.where}`);
  return { page: productRowsQuery(page), count, countInPage };
}

/** The order of the results: as asked, else relevance for text, distance near a place, newest. */
function sortOf({ query, origin }: SearchPlan): Sort | "relevance" {
  return query.sort ?? (query.search ? "relevance" : origin ? "distance" : "newest");
}

/** Filters that narrow the catalogue to a few thousand products at most. */
function isSelective({ query, scope, origin }: SearchPlan): boolean {
  return Boolean(query.search || query.category || query.location || origin || scope.sellerId);
}

/**
 * The plain browse, whole or one category, is counted by category_counts (kept exact by
 * a trigger): counting 100,000 rows per request would cost more than the page itself.
 */
function countFromCounters({ query, scope, origin }: SearchPlan): Prisma.Sql | null {
  const plain =
    !scope.includeSold &&
    !scope.sellerId &&
    !scope.excludeProductId &&
    !scope.createdAfter &&
    !scope.excludeSellerId &&
    !query.featuredOnly &&
    !query.delivery &&
    !query.condition &&
    query.minPriceCents === undefined &&
    query.maxPriceCents === undefined &&
    !query.location &&
    !query.search &&
    !origin;
  if (!plain) return null;
  if (query.category) {
    return Prisma.sql`SELECT coalesce((
      SELECT cc.listed FROM category_counts cc JOIN categories c ON c.id = cc.category_id
      WHERE lower(c.name) = lower(${query.category})), 0)::int AS total`;
  }
  return Prisma.sql`SELECT coalesce(sum(listed), 0)::int AS total FROM category_counts`;
}

type Parts = {
  /** Conditions on products `p` (near a place in cells: the radius included). */
  where: Prisma.Sql;
  /**
   * Near a place in grid cells (./near.ts): the conditions on `p` with the cells but not
   * yet the radius, for a page that measures each match once itself; else null.
   */
  inCells: Prisma.Sql | null;
  /** Locations within the radius with their distance, as a subquery to join as `nl`. */
  near: Prisma.Sql | null;
  /** The distance of a row (`nl.distance_km`), or NULL when not searching near a place. */
  distance: Prisma.Sql;
  /** `where` with the words kept out of their indexes, for a page read in index order. */
  scanWhere?: Prisma.Sql | null;
};

function searchParts(plan: SearchPlan, fuzzy: boolean): Parts {
  const { query, scope, origin } = plan;
  // What every listing shows: not deleted, not sold (unless the seller asks for their own).
  // Hidden: the seller is banned (lib/domains/admin/users.ts).
  const filters: Prisma.Sql[] = [Prisma.sql`p.deleted_at IS NULL AND p.hidden_at IS NULL`];
  if (!scope.includeSold) filters.push(Prisma.sql`p.status <> 'sold'`);
  if (scope.sellerId) filters.push(Prisma.sql`p.seller_id = ${scope.sellerId}::uuid`);
  if (scope.excludeProductId) filters.push(Prisma.sql`p.id <> ${scope.excludeProductId}::uuid`);
  if (scope.createdAfter) filters.push(Prisma.sql`p.created_at > ${scope.createdAfter}`);
  if (scope.excludeSellerId) filters.push(Prisma.sql`p.seller_id <> ${scope.excludeSellerId}::uuid`);
  if (query.featuredOnly) filters.push(Prisma.sql`p.is_featured`);
  if (query.delivery) filters.push(Prisma.sql`${query.delivery}::"DeliveryMethod" = ANY(p.delivery_options)`);
  if (query.condition) filters.push(Prisma.sql`p.condition = ${query.condition}::"ProductCondition"`);
  if (query.category) {
    // An unknown category matches nothing (NULL), like an empty result, not an error.
    filters.push(Prisma.sql`p.category_id = (SELECT id FROM categories WHERE lower(name) = lower(${query.category}))`);
  }
  if (query.minPriceCents !== undefined) filters.push(Prisma.sql`p.price_cents >= ${query.minPriceCents}`);
  if (query.maxPriceCents !== undefined) filters.push(Prisma.sql`p.price_cents <= ${query.maxPriceCents}`);
  if (query.location) filters.push(locationMatch(query.location));
  const text = query.search ? textMatch(query.search, fuzzy, fuzzy ? plan.corrected : null) : null;
  if (text) filters.push(text);
  if (!origin) {
    // Past the cap a page in index order (price, newest) filters the words row by row:
    // `IS TRUE` keeps them from the words' indexes, whose estimates for a common
    // substring can be a hundredth of the truth ("lamp" in Verlichting by price sorted
    // all 46,000 matches at 2.5 million listings).
    const scanWhere = text ? Prisma.join([...filters.slice(0, -1), Prisma.sql`${text} IS TRUE`], " AND ") : null;
    return { where: Prisma.join(filters, " AND "), scanWhere, inCells: null, near: null, distance: Prisma.sql`NULL::float8` };
  }
  // Near a place: the locations within the radius joined as `nl`, or (words or a
  // category, a narrow radius) only the grid cells of the radius, each match measured.
  const { cells, near } = nearParts(origin, Boolean(query.search), Boolean(query.category));
  if (!cells) return { where: Prisma.join(filters, " AND "), inCells: null, near, distance: Prisma.sql`nl.distance_km` };
  const inCells = Prisma.join([...filters, cells], " AND ");
  const distance = rowDistance(origin);
  return { where: Prisma.sql`${inCells} AND ${distance} <= ${origin.radiusKm}::float8`, inCells, near: null, distance };
}

/** `FROM products p`, joined to the locations within the radius when searching near. */
function fromProducts(parts: Parts): Prisma.Sql {
  return parts.near ? Prisma.sql`products p JOIN ${parts.near} nl ON nl.id = p.location_id` : Prisma.sql`products p`;
}

/** The requested order. Every order ends in created_at and id so pages never overlap. */
function orderBy(sort: Sort | "relevance", alias: "p" | "m"): Prisma.Sql {
  const t = Prisma.raw(alias);
  const newest = Prisma.sql`${t}.created_at DESC, ${t}.id DESC`;
  switch (sort) {
    case "price_asc":
      return Prisma.sql`${t}.price_cents ASC, ${newest}`;
    case "price_desc":
      return Prisma.sql`${t}.price_cents DESC, ${newest}`;
    case "distance":
      // Only the collected matches of a near search have a distance.
      return alias === "m" ? Prisma.sql`m.distance_km ASC, ${newest}` : newest;
    case "newest":
    case "relevance":
      return newest;
  }
}

/** Serialises rows for one viewer, looking up which of them the viewer has paid for. */
export async function serializeForViewer(rows: ProductRow[], viewer: Viewer): Promise<ProductJson[]> {
  const paid = viewer ? await paidProductIds(viewer.id, rows.map((row) => row.id)) : new Set<string>();
  return rows.map((row) => serializeProduct(row, visibilityFor(row, viewer, paid.has(row.id))));
}

/** Products among `productIds` the buyer has a paid order for (held or completed). */
export async function paidProductIds(buyerId: string, productIds: string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  // Straight through pg (every signed-in search asks): the primary, a payment shows at once.
  const orders = await queryRows<{ product_id: string }>(Prisma.sql`
    SELECT DISTINCT product_id FROM orders
    WHERE buyer_id = ${buyerId}::uuid AND product_id = ANY(${productIds}::uuid[]) AND status IN ('held', 'completed')`);
  return new Set(orders.map((order) => order.product_id));
}

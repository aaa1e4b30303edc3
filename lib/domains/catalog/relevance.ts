/**
 * The page of a text search in relevance order (search.ts), yielding `(id, distance_km,
 * total)`.
 *
 * Up to COUNT_CAP matches, every match is ranked as it always was: an exact title first,
 * then matches as typed above typo corrections, then ts_rank (+ word similarity for the
 * RERANK_WINDOW best), then newest. Ranking needs every match's row (its search vector),
 * and a common word at a million listings has tens of thousands ("lego": 54,790, 0.6 s).
 *
 * Past the cap, the page comes in tiers, each read newest first from the created_at
 * index (a common word fills a page after a few hundred rows), where an index can say
 * which rows belong to it:
 *  1. the exact title (index products_title_lower_idx);
 *  2. in the typo-tolerant pass, matches as typed (there are fewer than FUZZY_BELOW);
 *  3. the words in the title: in its full text (weight A: ts_rank ranks these above any
 *     match in the description alone) or inside a title word (Dutch compounds);
 *  4. the rest (the words in the description only, typo matches).
 * A later tier is only read when the earlier ones do not fill the page. Within a tier the
 * finer order of ts_rank gives way to recency: a thousand listings with "fiets" in the
 * title are about equally relevant, and the newest of them is what a buyer looks for.
 */
import { Prisma } from "@/lib/platform/db/client";
import { collectMatches, PAST_CAP, UNDER_CAP } from "./capped";
import { containsPattern, textMatch } from "./matches";
import { matchesWithin } from "./within";

/** How many of the best full-text candidates word similarity re-ranks. */
export const RERANK_WINDOW = 300;

export type RelevanceOptions = {
  /** Every condition on products `p`, the words included. */
  where: Prisma.Sql;
  /** The words as typed. */
  search: string;
  /** The typo-tolerant pass: `search` found fewer than FUZZY_BELOW, `corrected` is its correction. */
  fuzzy: boolean;
  corrected?: string | null;
  /**
   * Near a place with a radius too wide for rankedWithin's cells: the distance of a
   * product `p` (measured from the position it carries), already bounded in `where`.
   */
  distance?: Prisma.Sql;
  limit: number;
  skip: number;
};

/**
 * The page of a text search, also near a place when the radius is too wide for the
 * cells (`distance`): at most COUNT_CAP + 1 matches are collected and, when that is all
 * of them, ranked; past the cap the tiers are read newest first. Ranking every match
 * of a common word within 50 km of a city (17,700 at a million listings) took 0.37 s.
 */
export function relevancePage(options: RelevanceOptions): Prisma.Sql {
  const { where, search, limit, skip, distance = Prisma.sql`NULL::float8` } = options;
  return Prisma.sql`
    WITH ${collectMatches(Prisma.sql`SELECT p.id, ${distance} AS distance_km FROM products p WHERE (${where})`, true)},
    ${tiers(options)}
    (${rankedCollected(search, UNDER_CAP, limit, skip)})
    UNION ALL
    (SELECT t.id, t.distance_km, (SELECT total FROM n) AS total
     FROM (SELECT * FROM tiered) t
     ORDER BY t.tier, t.created_at DESC, t.id DESC
     LIMIT ${limit} OFFSET ${skip})`;
}

/**
 * Every match within the radius ranked, when the words are narrowed to the grid cells of
 * the radius (search.ts, lib/domains/geo/cells.ts) inside their own indexes: `where`
 * holds the cells, so only the matches in those cells are read, and each one's distance
 * (`distance`, read per row) decides whether it is within the radius.
 */
export function rankedWithin(options: { where: Prisma.Sql; distance: Prisma.Sql; radiusKm: number; search: string; limit: number; skip: number }): Prisma.Sql {
  const { where, distance, radiusKm, search, limit, skip } = options;
  return ranked(matchesWithin(rankColumns(search), where, distance, radiusKm), search, limit, skip);
}

/** The collected matches `m` ranked (all of them, when `gate` holds). */
function rankedCollected(search: string, gate: Prisma.Sql, limit: number, skip: number): Prisma.Sql {
  return ranked(
    Prisma.sql`SELECT ${rankColumns(search)}, m.distance_km, (SELECT total FROM n) AS total
      FROM m JOIN products p ON p.id = m.id WHERE ${gate}`,
    search,
    limit,
    skip,
  );
}

/** What ranking needs of a product `p`. */
function rankColumns(search: string): Prisma.Sql {
  const query = Prisma.sql`websearch_to_tsquery('dutch', ${search})`;
  return Prisma.sql`p.id, p.title, p.created_at, p.location_id,
    lower(p.title) = lower(${search}) AS exact,
    -- As typed (not only through a typo correction): ranked above corrections.
    (p.search_vector @@ ${query} OR p.title ILIKE ${containsPattern(search)}) AS as_typed,
    -- Only full-text matches have a rank; substring matches skip the work.
    CASE WHEN p.search_vector @@ ${query} THEN ts_rank(p.search_vector, ${query}) ELSE 0 END AS text_rank`;
}

/**
 * The ranking, over `rows` (rankColumns plus distance_km and total): exact title, as
 * typed, ts_rank, newest; word similarity then re-ranks the best RERANK_WINDOW.
 */
function ranked(rows: Prisma.Sql, search: string, limit: number, skip: number): Prisma.Sql {
  return Prisma.sql`
    SELECT r.id, r.distance_km, r.total
    FROM (
      SELECT x.*, row_number() OVER (ORDER BY x.exact DESC, x.as_typed DESC, x.text_rank DESC, x.created_at DESC, x.id DESC) AS pre_rank
      FROM (${rows}) x
    ) r
    ORDER BY r.pre_rank <= ${RERANK_WINDOW}::bigint DESC, r.exact DESC, r.as_typed DESC,
             CASE WHEN r.pre_rank <= ${RERANK_WINDOW}::bigint THEN r.text_rank + word_similarity(${search}, r.title)
                  ELSE r.text_rank END DESC,
             r.created_at DESC, r.id DESC
    LIMIT ${limit} OFFSET ${skip}`;
}

/**
 * How many of the newest listings a tier reads from the created_at index before it asks
 * its own index (tiers below):
 * - `newest`: the first look. A common word (past the cap) fills a page within them,
 *   whatever PostgreSQL estimates.
 * - `wider`: the most a second look reads, when the first held some of the tier's
 *   matches but not a page (other filters, a price range, thin them out): twice as many
 *   as the first look's matches say the page needs, if that is at most `wider`. "lamp"
 *   from 10 to 80 euro: 13 title matches in the first 5,000, a page within the next
 *   3,000, where the whole tier is 10,600 rows scattered over 9,500 pages.
 * Tests shrink them to walk every path over a small catalogue.
 */
export const RELEVANCE_WINDOWS = { newest: 5_000, wider: 25_000 };

/**
 * `f1 AS (...), t1 AS (...), ..., tiered AS (...)`: past the cap, each tier's first
 * `skip + limit` rows newest first, a tier read only when the ones before it came up
 * short. The title and rest tiers first look through the newest listings (`f`,
 * RELEVANCE_WINDOWS), then, where that promises a page, through more of them (`g`), and
 * only when neither fills the page read the whole tier. (Left to its
 * estimates, PostgreSQL would sometimes collect and sort a common word's 18,000 matches
 * instead of walking the created_at index for the first 20: 255 ms against 20.)
 */
function tiers(options: RelevanceOptions): Prisma.Sql {
  const { where, search, fuzzy, corrected, limit, skip, distance = Prisma.sql`NULL::float8` } = options;
  const words = corrected ?? search;
  const query = Prisma.sql`websearch_to_tsquery('dutch', ${words})`;
  // [condition, common: worth looking through the newest listings first]
  const conditions: [Prisma.Sql, boolean][] = [[Prisma.sql`lower(p.title) = lower(${search})`, false]];
  if (fuzzy) conditions.push([textMatch(search, false), false]);
  conditions.push([
    Prisma.sql`((p.search_vector @@ ${query} AND ts_filter(p.search_vector, '{a}') @@ ${query}) OR p.title ILIKE ${containsPattern(words)})`,
    true,
  ]);
  conditions.push([Prisma.sql`TRUE`, true]);
  const need = skip + limit;
  const parts: Prisma.Sql[] = [];
  conditions.forEach(([condition, common], i) => {
    const t = Prisma.raw(`t${i}`);
    const f = Prisma.raw(`f${i}`);
    const tier = Prisma.raw(String(i));
    const before = conditions.slice(0, i).map(([earlier]) => Prisma.sql`NOT ${earlier}`);
    const notBefore = before.length ? Prisma.sql` AND ${Prisma.join(before, " AND ")}` : Prisma.empty;
    const found = conditions.slice(0, i).map((_, j) => Prisma.sql`(SELECT count(*) FROM ${Prisma.raw(`t${j}`)})`);
    const short = found.length ? Prisma.sql` AND ${Prisma.join(found, " + ")} < ${need}` : Prisma.empty;
    const gate = Prisma.sql`${PAST_CAP}${short}`;
    const match = Prisma.sql`(${where}) AND ${condition}${notBefore}`;
    const whole = (extra: Prisma.Sql) => Prisma.sql`
      SELECT p.id, p.created_at, ${tier} AS tier, ${distance} AS distance_km FROM products p
      WHERE ${gate}${extra} AND ${match}
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT ${need}`;
    if (!common) {
      parts.push(Prisma.sql`${t} AS MATERIALIZED (${whole(Prisma.empty)})`);
      return;
    }
    const g = Prisma.raw(`g${i}`);
    const window = (rows: Prisma.Sql, extra: Prisma.Sql) => Prisma.sql`
      SELECT p.id, p.created_at, ${tier} AS tier, ${distance} AS distance_km
      FROM (SELECT * FROM products p WHERE ${gate}${extra} ORDER BY p.created_at DESC, p.id DESC LIMIT ${rows}) p
      WHERE ${match}
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT ${need}`;
    const inFirst = Prisma.sql`(SELECT count(*) FROM ${f})`;
    const inSecond = Prisma.sql`(SELECT count(*) FROM ${g})`;
    const { newest, wider } = RELEVANCE_WINDOWS;
    parts.push(Prisma.sql`${f} AS MATERIALIZED (${window(Prisma.sql`${newest}::bigint`, Prisma.empty)})`);
    // The first window's matches say how many newest listings the page needs: twice that
    // many, when that is at most `wider` (from the first listing again: the planner
    // cannot skip rows in the index without reading them).
    parts.push(Prisma.sql`${g} AS MATERIALIZED (${window(
      Prisma.sql`(${2 * need * newest}::bigint / greatest(${inFirst}, 1))`,
      Prisma.sql` AND ${inFirst} < ${need} AND ${inFirst} * ${wider}::bigint >= ${2 * need * newest}::bigint`,
    )})`);
    parts.push(Prisma.sql`${t} AS MATERIALIZED (
      SELECT * FROM ${f} WHERE ${inFirst} >= ${need}
      UNION ALL
      SELECT * FROM ${g} WHERE ${inFirst} < ${need} AND ${inSecond} >= ${need}
      UNION ALL
      (${whole(Prisma.sql` AND ${inFirst} < ${need} AND ${inSecond} < ${need}`)}))`);
  });
  const union = Prisma.join(
    conditions.map((_, i) => Prisma.sql`SELECT * FROM ${Prisma.raw(`t${i}`)}`),
    " UNION ALL ",
  );
  return Prisma.sql`${Prisma.join(parts, ",\n")},
    tiered AS (${union})`;
}

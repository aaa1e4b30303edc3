/**
 * The relevance page of a text search (search.ts): an exact title first, then ts_rank +
 * word_similarity (word similarity re-ranks the RERANK_WINDOW best), then newest.
 *
 * Up to COUNT_CAP matches are collected and ranked all, exactly as before the cap. With
 * more (a common word at a million listings: "fiets" is in 58,000 titles), ranking every
 * match was most of the search's time (docs/performance.md). Past the cap only the
 * candidates that can reach the first K = max(RERANK_WINDOW, skip + limit) places are
 * ranked, with the same formula:
 *  - the exact titles;
 *  - the K full-text matches of the highest ts_rank (then newest);
 *  - the K newest matches (substring and typo matches all have rank 0, so among them
 *    the newest come first);
 *  - in the typo-tolerant pass, the matches as typed (fewer than FUZZY_BELOW, or that
 *    pass would not run).
 * Every row of the first K places is among them, so the page is the one ranking every
 * match gives (tests/api/search-relevance-capped.test.ts).
 *
 * With the `rum` extension's index (migration search_rum, optional) the K best
 * full-text matches come from the index in rank order (rum's `<=>` is 1 / ts_rank)
 * instead of ranking every full-text match; rows of equal rank then come in the
 * index's order rather than newest first, so past the cap the page can show other
 * listings of the same rank than without rum. At or under the cap it changes nothing.
 */
import { db, Prisma } from "@/lib/platform/db/client";
import { COUNT_CAP } from "./capped";
import { containsPattern, escapeLike } from "./matches";

/** How many of the best full-text candidates word similarity re-ranks. */
export const RERANK_WINDOW = 300;

export function relevancePage(options: {
  /** `products p`, joined to the locations within the radius `nl` when searching near. */
  from: Prisma.Sql;
  /** All conditions on `p`, the text match included. */
  where: Prisma.Sql;
  /** The distance of a row (`nl.distance_km`), or NULL. */
  distance: Prisma.Sql;
  search: string;
  /** The typo-tolerant pass: the matches as typed are few, and all ranked. */
  fuzzy: boolean;
  /** The rum index answers "best full-text matches first". */
  rum: boolean;
  limit: number;
  skip: number;
}): Prisma.Sql {
  const { from, where, distance, search, fuzzy, rum, limit, skip } = options;
  const take = Math.max(RERANK_WINDOW, skip + limit);
  const query = Prisma.sql`websearch_to_tsquery('dutch', ${search})`;
  const fullText = Prisma.sql`p.search_vector @@ ${query}`;
  const asTyped = Prisma.sql`(${fullText} OR p.title ILIKE ${containsPattern(search)})`;
  const cap = Prisma.sql`${COUNT_CAP}::bigint`;
  const pastCap = Prisma.sql`(SELECT total FROM n) > ${cap}`;
  // The rum index is on coalesce(search_vector, ''), an expression Prisma leaves alone
  // (the migration says why): the same vector, written as the index has it.
  const indexed = Prisma.raw("coalesce(p.search_vector, ''::tsvector)");
  const bestFullText = rum
    ? Prisma.sql`${indexed} @@ ${query} ORDER BY ${indexed} <=> ${query}`
    : Prisma.sql`${fullText} ORDER BY ts_rank(p.search_vector, ${query}) DESC, p.created_at DESC, p.id DESC`;
  const typed = fuzzy ? Prisma.sql`UNION (SELECT p.id FROM ${from} WHERE ${pastCap} AND (${where}) AND ${asTyped})` : Prisma.empty;
  return Prisma.sql`
    WITH m AS MATERIALIZED (SELECT p.id FROM ${from} WHERE (${where}) LIMIT ${COUNT_CAP + 1}),
    n AS MATERIALIZED (SELECT count(*) AS total FROM m),
    c AS MATERIALIZED (
      SELECT m.id FROM m WHERE (SELECT total FROM n) <= ${cap}
      UNION
      (SELECT p.id FROM ${from}
       WHERE ${pastCap} AND (${where}) AND p.title ILIKE ${escapeLike(search)} AND lower(p.title) = lower(${search}))
      UNION
      (SELECT p.id FROM ${from} WHERE ${pastCap} AND (${where}) AND ${bestFullText} LIMIT ${take})
      UNION
      (SELECT p.id FROM ${from} WHERE ${pastCap} AND (${where}) ORDER BY p.created_at DESC, p.id DESC LIMIT ${take})
      ${typed}
    )
    SELECT r.id, r.distance_km, (SELECT total FROM n) AS total
    FROM (
      SELECT t.*, row_number() OVER (ORDER BY t.exact DESC, t.as_typed DESC, t.text_rank DESC, t.created_at DESC, t.id DESC) AS pre_rank
      FROM (
        SELECT p.id, p.title, p.created_at, ${distance} AS distance_km,
               lower(p.title) = lower(${search}) AS exact,
               -- As typed (not only through a typo correction): ranked above corrections.
               ${asTyped} AS as_typed,
               -- Only full-text matches have a rank; substring matches skip the work.
               CASE WHEN ${fullText} THEN ts_rank(p.search_vector, ${query}) ELSE 0 END AS text_rank
        FROM ${from}
        WHERE p.id IN (SELECT c.id FROM c)
      ) t
    ) r
    ORDER BY r.pre_rank <= ${RERANK_WINDOW}::bigint DESC, r.exact DESC, r.as_typed DESC,
             CASE WHEN r.pre_rank <= ${RERANK_WINDOW}::bigint THEN r.text_rank + word_similarity(${search}, r.title)
                  ELSE r.text_rank END DESC,
             r.created_at DESC, r.id DESC
    LIMIT ${limit} OFFSET ${skip}`;
}

/** The GiST-like rank index of migration search_rum (the `rum` extension). */
const RUM_INDEX = "products_search_rum_idx";
const holder = globalThis as unknown as { __kringwaarRum?: Promise<boolean> | null };

/**
 * Whether this database has the rum index (the migration creates it where the extension
 * is installed; PGlite has none). Asked once per process.
 */
export function hasRumIndex(): Promise<boolean> {
  holder.__kringwaarRum ??= db
    .$queryRaw<{ present: boolean }[]>`SELECT EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = ${RUM_INDEX}) AS present`
    .then((rows) => rows[0]?.present === true)
    .catch((error: unknown) => {
      holder.__kringwaarRum = null;
      throw error;
    });
  return holder.__kringwaarRum;
}

/** Forgets what hasRumIndex found (tests that drop or create the index). */
export function resetRumIndexCache(): void {
  holder.__kringwaarRum = null;
}

/**
 * Counts that stop at COUNT_CAP: a search says "1.000+" rather than counting
 * a million matches for a number nobody reads past the first digits. Below the cap every
 * count is exact, as before.
 *
 * Why 1,000 and not Elasticsearch's 10,000: a selective search collects up to
 * COUNT_CAP + 1 matches to count them, and at 1,000,000 products collecting 10,001 was
 * most of the time of category, location and near searches (docs/performance.md,
 * "Figures at 1,000,000"). Fifty pages of twenty is more than anyone pages through by
 * number; deeper, the endless lists continue by cursor (./keyset.ts).
 */
import { Prisma } from "@/lib/platform/db/client";

/** Searches count exactly up to this many matches, then report this many and "capped". */
export const COUNT_CAP = 1_000;

/** A total as the API reports it: exact up to the cap, then the cap and `totalIsCapped`. */
export function capTotal(total: number): { total: number; totalIsCapped: boolean } {
  return total > COUNT_CAP ? { total: COUNT_CAP, totalIsCapped: true } : { total, totalIsCapped: false };
}

/** `SELECT total`: the rows of `matches`, counted up to COUNT_CAP + 1 (more means capped). */
export function cappedCount(matches: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS total FROM (${matches} LIMIT ${COUNT_CAP + 1}) capped`;
}

/**
 * `m` (at most COUNT_CAP + 1 rows of `matches`) and `n` (`total`, how many) as CTEs,
 * materialized once, for the statement's branches to choose between with the gates below.
 *
 * `hiddenLimit`: the planner does not see the LIMIT's value (a subquery), so it plans
 * for a tenth of the matches instead of hoping to meet 1,001 early. For words with a
 * filter ("fiets" up to 20 euro) it otherwise read the table from the start, 92,000
 * rows for the 1,001, where the words' index and the filter's hold them in a few
 * thousand rows (docs/performance.md).
 */
export function collectMatches(matches: Prisma.Sql, hiddenLimit = false): Prisma.Sql {
  const cap = hiddenLimit ? Prisma.sql`(SELECT ${COUNT_CAP + 1}::bigint)` : Prisma.sql`${COUNT_CAP + 1}`;
  return Prisma.sql`m AS MATERIALIZED (${matches} LIMIT ${cap}),
    n AS MATERIALIZED (SELECT count(*) AS total FROM m)`;
}

/** One-time filters on collectMatches' count: all matches were collected, or there are more. */
export const UNDER_CAP = Prisma.sql`(SELECT total FROM n) <= ${COUNT_CAP}::bigint`;
export const PAST_CAP = Prisma.sql`(SELECT total FROM n) > ${COUNT_CAP}::bigint`;

/**
 * The page of a selective search, yielding `(id, distance_km, total)`: the products `p`
 * of `from` (joined to `nl` when searching near) that meet `where`. At most COUNT_CAP + 1 matches are collected; when that is all of
 * them they are counted and sorted there (`collectedOrder`, over `m`), as before the
 * cap. When there are more, the same matches are read again in `indexOrder` (over `p`
 * and `nl`), which an index answers after a page of rows when matches are this common.
 * Each branch is gated on the collected count, a one-time filter: PostgreSQL runs only one.
 */
export function cappedPage(options: {
  from: Prisma.Sql;
  where: Prisma.Sql;
  distance: Prisma.Sql;
  collectedOrder: Prisma.Sql;
  indexOrder: Prisma.Sql;
  window: Prisma.Sql;
  /** ` AND <after the cursor>` over `m` and over `p`/`nl` (./keyset.ts), or empty. */
  afterCollected?: Prisma.Sql;
  afterIndexed?: Prisma.Sql;
  /**
   * Instead of reading `from` in `indexOrder`: a statement yielding `(id, distance_km)`
   * of the page, given the condition it must put first (more than COUNT_CAP matches)
   * and `nthDistance(n)`, the n-th smallest distance among the collected matches after
   * the cursor (NULL when fewer), or null to read in `indexOrder` (./nearest.ts).
   */
  indexedPage?: (pastCap: Prisma.Sql, nthDistance: (n: number) => Prisma.Sql) => Prisma.Sql | null;
  /** The same conditions as `where`, written for reading in `indexOrder` (search.ts). */
  indexedWhere?: Prisma.Sql;
}): Prisma.Sql {
  const { from, where, distance, collectedOrder, indexOrder, window } = options;
  const { afterCollected = Prisma.empty, afterIndexed = Prisma.empty } = options;
  const matches = Prisma.sql`SELECT p.id, p.created_at, p.price_cents, ${distance} AS distance_km FROM ${from} WHERE (${where})`;
  const pastCap = PAST_CAP;
  // The collected matches are some of all matches: their n-th smallest distance is at
  // least the n-th smallest of all, so it bounds how far the page reaches.
  const nthDistance = (n: number) => Prisma.sql`(SELECT m.distance_km FROM m
     WHERE m.distance_km IS NOT NULL${afterCollected} ORDER BY m.distance_km LIMIT 1 OFFSET ${n - 1})`;
  const indexed =
    options.indexedPage?.(pastCap, nthDistance) ??
    Prisma.sql`SELECT p.id, p.created_at, p.price_cents, ${distance} AS distance_km FROM ${from} WHERE (${options.indexedWhere ?? where})
      AND ${pastCap}${afterIndexed} ORDER BY ${indexOrder} ${window}`;
  return Prisma.sql`
    WITH ${collectMatches(matches)}
    (SELECT m.id, m.distance_km, (SELECT total FROM n) AS total
     FROM m
     WHERE ${UNDER_CAP}${afterCollected}
     ORDER BY ${collectedOrder}
     ${window})
    UNION ALL
    (SELECT q.id, q.distance_km, (SELECT total FROM n) AS total
     FROM (${indexed}) q)`;
}

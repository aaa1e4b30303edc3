/**
 * Keyset pages of GET /api/products: `?cursor=` continues after the last
 * product of the previous page, so page 5,000 costs what page 1 costs (`skip` makes
 * PostgreSQL read and throw away every row before the page). The API sends the cursor of
 * the next page in `X-Next-Cursor` when a page is full and its order allows one.
 *
 * The cursor is opaque to clients: base64url of `[sort, id, value]`, where `value` is
 * the last product's price in cents in the price orders (what the page showed, should
 * the seller change it meanwhile). Its creation time, and in the distance order its
 * distance, are looked up by id in SQL at the database's own precision: a JavaScript
 * Date loses microseconds, and a distance sent back as a parameter does not compare
 * equal to the one computed, so either would repeat or skip rows.
 *
 * Relevance has no keyset: its order is a score computed per search. Such searches page
 * with `skip`, as before. Pure module: the schema (a client entry) decodes with it.
 */
import type { Sort } from "./search-limits";

/** Where the previous page ended, in the order `sort`. */
export type Keyset = { sort: Sort; id: string; value: number | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SORTS_WITH_VALUE: readonly Sort[] = ["price_asc", "price_desc"];
const KEYSET_SORTS: readonly Sort[] = ["newest", "distance", ...SORTS_WITH_VALUE];

export function encodeCursor(keyset: Keyset): string {
  const text = JSON.stringify([keyset.sort, keyset.id, keyset.value]);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The keyset a cursor names, or null when it is not one of ours. */
export function decodeCursor(cursor: string): Keyset | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(atob(cursor.replace(/-/g, "+").replace(/_/g, "/")));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [sort, id, value] = parsed as unknown[];
  if (typeof sort !== "string" || !KEYSET_SORTS.includes(sort as Sort)) return null;
  if (typeof id !== "string" || !UUID.test(id)) return null;
  const needsValue = SORTS_WITH_VALUE.includes(sort as Sort);
  if (needsValue ? !Number.isSafeInteger(value) : value !== null) return null;
  return { sort: sort as Sort, id: id.toLowerCase(), value: needsValue ? (value as number) : null };
}

/** Whether pages of this order can continue from a cursor (all but relevance). */
export function hasKeyset(sort: Sort | "relevance"): sort is Sort {
  return sort !== "relevance";
}

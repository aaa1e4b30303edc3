/**
 * The SQL side of keyset pages (./cursor.ts): the condition "after the cursor" in each
 * order of search.ts's orderBy, and the cursor of the page after a full one.
 */
import { Prisma } from "@/lib/platform/db/client";
import { encodeCursor, hasKeyset, type Keyset } from "./cursor";
import type { Sort } from "./search-limits";

/**
 * Rows after the cursor's product in its order, over products `p` (with `nl`, the
 * locations within the radius) or over the collected matches `m` of capped.ts. Every
 * order ends in created_at DESC, id DESC, so ties on price or distance continue there.
 * A cursor whose product no longer exists matches nothing: an empty page.
 * `distanceOf(id)`: the distance of a product from the search's origin, in SQL (search.ts).
 */
export function afterKeyset(
  after: Keyset | undefined,
  alias: "p" | "m",
  distanceOf?: (productId: string) => Prisma.Sql,
  /** The row's distance, when not `nl.distance_km` (over `p`) or `m.distance_km`. */
  rowDistance?: Prisma.Sql,
): Prisma.Sql | null {
  if (!after) return null;
  const t = Prisma.raw(alias);
  const created = Prisma.sql`(SELECT k.created_at FROM products k WHERE k.id = ${after.id}::uuid)`;
  const older = Prisma.sql`(${t}.created_at, ${t}.id) < (${created}, ${after.id}::uuid)`;
  switch (after.sort) {
    case "newest":
      return older;
    case "price_asc":
      return Prisma.sql`(${t}.price_cents > ${after.value}::int OR (${t}.price_cents = ${after.value}::int AND ${older}))`;
    case "price_desc":
      return Prisma.sql`(${t}.price_cents < ${after.value}::int OR (${t}.price_cents = ${after.value}::int AND ${older}))`;
    case "distance": {
      if (!distanceOf) throw new Error("A distance cursor needs the search's origin");
      const distance = rowDistance ?? (alias === "m" ? Prisma.sql`m.distance_km` : Prisma.sql`nl.distance_km`);
      const from = distanceOf(after.id);
      return Prisma.sql`(${distance} > ${from} OR (${distance} = ${from} AND ${older}))`;
    }
  }
}

/** ` AND <condition>`, or nothing. */
export function andAfter(
  after: Keyset | undefined,
  alias: "p" | "m",
  distanceOf?: (productId: string) => Prisma.Sql,
  rowDistance?: Prisma.Sql,
): Prisma.Sql {
  const condition = afterKeyset(after, alias, distanceOf, rowDistance);
  return condition ? Prisma.sql` AND ${condition}` : Prisma.empty;
}

type LastRow = { id: string; price_cents: number };

/**
 * The cursor of the next page: when this one is full, its order has a keyset, and (on a
 * page chosen by skip, with an exact total) rows remain after it.
 */
export function nextCursor(
  rows: LastRow[],
  page: { sort: Sort | "relevance"; limit: number; skip: number; cursor: boolean; total: number; totalIsCapped: boolean },
): string | null {
  const last = rows.at(-1);
  if (!last || rows.length < page.limit || !hasKeyset(page.sort)) return null;
  if (!page.cursor && !page.totalIsCapped && page.skip + rows.length >= page.total) return null;
  const value = page.sort === "price_asc" || page.sort === "price_desc" ? last.price_cents : null;
  return encodeCursor({ sort: page.sort, id: last.id, value });
}

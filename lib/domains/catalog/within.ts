/**
 * A page of words near a place in an order other than relevance (newest, price,
 * distance), when the words are narrowed to the grid cells of the radius
 * (lib/domains/geo/cells.ts; relevance: ./relevance.ts rankedWithin). The matches in
 * those cells are few enough to read, measure (`distance`, row by row) and sort whole,
 * yielding `(id, distance_km, total)` as the other pages do; the total counts every
 * match within the radius, the cursor's condition (`after`, over `m`) applies after it.
 */
import { Prisma } from "@/lib/platform/db/client";

export function withinPage(options: {
  where: Prisma.Sql;
  distance: Prisma.Sql;
  radiusKm: number;
  order: Prisma.Sql;
  after: Prisma.Sql;
  window: Prisma.Sql;
}): Prisma.Sql {
  const { where, distance, radiusKm, order, after, window } = options;
  return Prisma.sql`
    SELECT m.id, m.distance_km, m.total
    FROM (${matchesWithin(Prisma.sql`p.id, p.created_at, p.price_cents`, where, distance, radiusKm)}) m
    WHERE TRUE${after}
    ORDER BY ${order}
    ${window}`;
}

/**
 * The products `p` matching `where` (narrowed to the cells), each with `columns` and its
 * `distance` (as `distance_km`), kept when within the radius, with the count of those
 * (`total`): the rows withinPage sorts and rankedWithin ranks.
 */
export function matchesWithin(columns: Prisma.Sql, where: Prisma.Sql, distance: Prisma.Sql, radiusKm: number): Prisma.Sql {
  // OFFSET 0: each match is measured once, in the subquery, not again in the filter.
  return Prisma.sql`SELECT t.*, count(*) OVER () AS total
    FROM (SELECT ${columns}, ${distance} AS distance_km FROM products p WHERE ${where} OFFSET 0) t
    WHERE t.distance_km <= ${radiusKm}::float8`;
}

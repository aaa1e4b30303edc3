/** The text conditions of a search (search.ts): a place or postcode, and the words. */
import { Prisma } from "@/lib/platform/db/client";
import { formatPostcode, parsePostcode } from "@/lib/domains/geo";

/**
 * A place or postcode the pickup location must match (the browse page's location box):
 * the place, the postcode (full, or its four-digit area), or part of the address.
 * Postcodes are stored "1234AB" (or "1234 AB" in older rows), so both spellings count; the
 * four-digit area is read from the products' own `postcode_area`.
 *
 * A place is read from the products' own `place` (their location's city in lower case,
 * kept by triggers), one index range, also while it is being typed ("amst"); the
 * locations whose address names the text other than as their own place (a street named
 * after another place) are added by id, from an index on the address with its place
 * taken out. `= ANY(ARRAY(...))` runs that lookup once and lets both halves use an index
 * (an `IN (subquery)` beside the OR would be checked row by row).
 */
export function locationMatch(text: string): Prisma.Sql {
  const postcode = parsePostcode(text);
  if (postcode?.kind === "pc6") {
    return inLocations(Prisma.sql`l.postcode IN (${postcode.value}, ${formatPostcode(postcode.value)})`);
  }
  // The products' own postcode area (kept by triggers like `place`): one index range.
  if (postcode?.kind === "pc4") return Prisma.sql`p.postcode_area = ${postcode.value}`;
  const elsewhere = Prisma.sql`replace(lower(l.formatted_address), lower(coalesce(l.city, '')), '') ILIKE ${containsPattern(text)}`;
  return Prisma.sql`(p.place LIKE ${escapeLike(text.toLowerCase()) + "%"}
    OR p.location_id = ANY(ARRAY(SELECT l.id FROM locations l WHERE ${elsewhere})))`;
}

function inLocations(match: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`p.location_id IN (SELECT l.id FROM locations l WHERE ${match})`;
}

export function textMatch(search: string, fuzzy: boolean, corrected?: string | null): Prisma.Sql {
  // Word similarity catches typos the vocabulary could not correct; with a correction it
  // adds nothing but cost (half of the typo pass's time at 100,000 products).
  const typos = fuzzy && !corrected ? Prisma.sql`OR ${search} <% p.title` : Prisma.empty;
  const fixed = corrected
    ? Prisma.sql`OR p.search_vector @@ websearch_to_tsquery('dutch', ${corrected}) OR p.title ILIKE ${containsPattern(corrected)}`
    : Prisma.empty;
  return Prisma.sql`(
    p.search_vector @@ websearch_to_tsquery('dutch', ${search})
    OR p.title ILIKE ${containsPattern(search)}
    ${typos}
    ${fixed}
  )`;
}

/** The text for ILIKE with the user's own %, _ and \ taken literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

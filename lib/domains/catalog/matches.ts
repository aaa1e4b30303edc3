/** The text conditions of a search (search.ts): a place or postcode, and the words. */
import { Prisma } from "@/lib/platform/db/client";
import { formatPostcode, parsePostcode } from "@/lib/domains/geo";

/**
 * A place or postcode the pickup location must match (the browse page's location box):
 * the place, the postcode (full, or its four-digit area), or part of the address.
 * Postcodes are stored "1234AB" (or "1234 AB" in older rows), so both spellings count.
 */
export function locationMatch(text: string): Prisma.Sql {
  const postcode = parsePostcode(text);
  let match: Prisma.Sql;
  if (postcode?.kind === "pc6") {
    match = Prisma.sql`l.postcode IN (${postcode.value}, ${formatPostcode(postcode.value)})`;
  } else if (postcode?.kind === "pc4") {
    match = Prisma.sql`l.postcode LIKE ${postcode.value + "%"}`;
  } else {
    match = Prisma.sql`(l.city ILIKE ${escapeLike(text)} OR l.formatted_address ILIKE ${containsPattern(text)})`;
  }
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

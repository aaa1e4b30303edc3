/**
 * Dutch postcodes: four digits (the first 1–9) and, for a full postcode, two letters.
 * PostNL never issues the letter pairs SA, SD and SS (they recall the Nazi
 * organisations), so those are not postcodes. People write "1234 AB", "1234ab" or
 * "1234-AB"; the one normalised form is "1234AB", which we store and compare;
 * formatPostcode writes it "1234 AB" where an address shows it (shipping addresses
 * carry that form). Geo and shipping both use this module.
 */

/** "1234AB" (full, PC6) or "1234" (the four-digit area, PC4). */
export type Postcode = { kind: "pc6" | "pc4"; value: string };

const POSTCODE = /^([1-9]\d{3})(?:[\s-]*([A-Z]{2}))?$/;
const EMBEDDED_POSTCODE = /\b([1-9]\d{3})[\s-]*([A-Z]{2})\b/;
const NEVER_ISSUED = new Set(["SA", "SD", "SS"]);

/** Recognises a whole string as a postcode (PC6 or PC4); null when it is not one. */
export function parsePostcode(input: string): Postcode | null {
  const match = POSTCODE.exec(input.trim().toUpperCase());
  if (!match) return null;
  const [, digits, letters] = match;
  if (!letters) return { kind: "pc4", value: digits! };
  if (NEVER_ISSUED.has(letters)) return null;
  return { kind: "pc6", value: `${digits}${letters}` };
}

/** "1234 ab" → "1234AB"; null unless the whole string is a full (PC6) postcode. */
export function normalizePostcode(input: string): string | null {
  const postcode = parsePostcode(input);
  return postcode?.kind === "pc6" ? postcode.value : null;
}

/** The first full postcode inside a longer text ("Domplein 29, 3512 JE Utrecht"). */
export function findPostcode(text: string): string | null {
  const match = EMBEDDED_POSTCODE.exec(text.toUpperCase());
  if (!match) return null;
  const [, digits, letters] = match;
  return NEVER_ISSUED.has(letters!) ? null : `${digits}${letters}`;
}

/** "1234AB" → "1234 AB", the way it is written on letters; PC4 stays as it is. */
export function formatPostcode(normalized: string): string {
  return normalized.length === 6 ? `${normalized.slice(0, 4)} ${normalized.slice(4)}` : normalized;
}

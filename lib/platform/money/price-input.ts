/**
 * Prices as people type them, for every money field (sell, edit, browse min/max, offers).
 *
 * Accepted in both languages: "45", "45,50", "45.50", "45,5", "€ 45", "EUR 45", "45,-",
 * "1.250" (Dutch thousands), "1,250" (English thousands), "1.250,00", "1,250.00",
 * "1 250", "1.250.000". The separator that comes last, followed by one or two digits, is
 * the decimal one. A single separator followed by exactly three digits is read as the
 * page language's thousands separator ("1.250" in Dutch, "1,250" in English); the other
 * language's reading would be a price with three decimals, so in that case ("1,250" on a
 * Dutch page) the answer is "ambiguous" rather than a guess. Nothing is ever rounded.
 *
 * Pure and shared by client and server; the result is integer cents.
 */
export type PriceLocale = "nl" | "en";

export type PriceInputError = "required" | "invalid" | "ambiguous" | "decimals" | "too_low" | "too_high";

export type PriceInputResult = { ok: true; cents: number } | { ok: false; error: PriceInputError };

/** 0.01 to 999999 euro. */
export const PRICE_MIN_CENTS = 1;
export const PRICE_MAX_CENTS = 99_999_900;

export type PriceBounds = { minCents?: number; maxCents?: number };

const GROUPED = /^\d{1,3}(?:[.,  ]\d{3})+$/;

export function parsePriceInput(text: string, locale: PriceLocale, bounds: PriceBounds = {}): PriceInputResult {
  const minCents = bounds.minCents ?? PRICE_MIN_CENTS;
  const maxCents = bounds.maxCents ?? PRICE_MAX_CENTS;
  let s = text.normalize("NFKC").trim();
  if (s === "") return { ok: false, error: "required" };
  s = s.replace(/^(?:€|eur(?:o)?)\s*/i, "").replace(/\s*(?:€|eur(?:o)?)$/i, "").trim();
  // "45,-" and "45.-": whole euros, as Dutch price tags write them.
  s = s.replace(/[.,]-$/, "");
  if (s === "") return { ok: false, error: "required" };
  if (/^[-−]/.test(s)) return { ok: false, error: "too_low" };
  if (!/^[\d.,  ]+$/.test(s) || !/^\d/.test(s) || !/\d$/.test(s)) return { ok: false, error: "invalid" };
  // Spaces only as thousands separators between groups of three.
  if (/[  ]/.test(s) && !/^\d{1,3}(?:[  ]\d{3})+(?:[.,]\d{1,2})?$/.test(s)) return { ok: false, error: "invalid" };
  s = s.replace(/[  ]/g, "");

  const lastSep = Math.max(s.lastIndexOf(","), s.lastIndexOf("."));
  let whole: string;
  let fraction = "";
  if (lastSep === -1) {
    whole = s;
  } else {
    const sep = s.charAt(lastSep);
    const other = sep === "," ? "." : ",";
    const head = s.slice(0, lastSep);
    const tail = s.slice(lastSep + 1);
    const sepCount = s.split(sep).length - 1;
    if (head.includes(other)) {
      // Both kinds: the last is the decimal separator, the other groups thousands.
      if (sepCount > 1 || !GROUPED.test(head) || head.split(other).some((g, i) => i > 0 && g.length !== 3)) {
        return { ok: false, error: "invalid" };
      }
      if (tail.length > 2) return { ok: false, error: "decimals" };
      whole = head.split(other).join("");
      fraction = tail;
    } else if (sepCount > 1) {
      // "1.250.000": one kind, several times: thousands only.
      if (!GROUPED.test(s)) return { ok: false, error: "invalid" };
      whole = s.split(sep).join("");
    } else if (tail.length === 3) {
      const thousands = locale === "nl" ? "." : ",";
      if (sep !== thousands || !GROUPED.test(s)) return { ok: false, error: "ambiguous" };
      whole = head + tail;
    } else if (tail.length > 3) {
      return { ok: false, error: "decimals" };
    } else {
      if (head === "") return { ok: false, error: "invalid" };
      whole = head;
      fraction = tail;
    }
  }
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return { ok: false, error: "invalid" };
  if (whole.length > 9) return { ok: false, error: "too_high" };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (cents < minCents) return { ok: false, error: "too_low" };
  if (cents > maxCents) return { ok: false, error: "too_high" };
  return { ok: true, cents };
}

/** The value shown back in the field after parsing: "45,50" (nl) or "45.50" (en). */
export function formatPriceInput(cents: number, locale: PriceLocale): string {
  return new Intl.NumberFormat(locale === "nl" ? "nl-NL" : "en-GB", {
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
    useGrouping: true,
  }).format(cents / 100);
}

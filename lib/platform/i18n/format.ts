/**
 * Formatting for the UI: money in euros with Dutch conventions (the product is Dutch:
 * "€ 1.234,50" in both languages would confuse English readers, so the locale decides
 * separators while the currency stays the euro), dates in Europe/Amsterdam.
 */
import { TIME_ZONE, type Locale } from "./config";

const INTL_LOCALE: Record<Locale, string> = { nl: "nl-NL", en: "en-GB" };

/**
 * One formatter per locale and options, made on first use and kept: building an Intl
 * formatter costs far more than formatting with it (on a phone, a millisecond or more
 * each time), and a page formats many amounts and dates.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A euro amount (the API's `price`), e.g. formatEuro(1234.5, "nl") → "€ 1.234,50". */
export function formatEuro(amount: number, locale: Locale = "nl"): string {
  return cached(`euro:${locale}`, () => new Intl.NumberFormat(INTL_LOCALE[locale], { style: "currency", currency: "EUR" })).format(amount);
}

/** Integer cents, e.g. formatCents(123450, "nl") → "€ 1.234,50". */
export function formatCents(cents: number, locale: Locale = "nl"): string {
  return formatEuro(cents / 100, locale);
}

export function formatDate(value: Date | string, locale: Locale = "nl", options?: Intl.DateTimeFormatOptions): string {
  const key = `date:${locale}:${options ? JSON.stringify(options) : ""}`;
  return cached(key, () => new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: TIME_ZONE, dateStyle: "medium", ...options })).format(new Date(value));
}

/**
 * Relative time: under 60 s "just now", then minutes, hours (under 24 h), days
 * (under 7 days), then a date.
 */
export function formatRelative(value: Date | string, locale: Locale = "nl", now: Date = new Date()): string {
  const seconds = Math.round((now.getTime() - new Date(value).getTime()) / 1000);
  const rtf = cached(`relative:${locale}`, () => new Intl.RelativeTimeFormat(INTL_LOCALE[locale], { numeric: "auto" }));
  if (seconds < 60) return locale === "nl" ? "Zojuist" : "Just now";
  if (seconds < 3600) return rtf.format(-Math.floor(seconds / 60), "minute");
  if (seconds < 86_400) return rtf.format(-Math.floor(seconds / 3600), "hour");
  if (seconds < 7 * 86_400) return rtf.format(-Math.floor(seconds / 86_400), "day");
  return formatDate(value, locale);
}

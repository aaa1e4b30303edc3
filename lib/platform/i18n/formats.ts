/**
 * The app's formats for next-intl's formatter (useFormatter on the client, getFormatter on
 * the server, appFormatter outside React), defined once so server and client agree:
 * - money: the euro in both languages; the language decides the separators
 *   ("€ 1.234,50" in Dutch, "€1,234.50" in English);
 * - dates: day, short month and year ("7 dec 2026" / "7 Dec 2026"), always in
 *   Europe/Amsterdam; `dateTime` adds the time.
 * English dates follow British order ("7 Dec 2026"): outside React, appFormatter formats
 * English with the en-GB conventions. See docs/languages.md.
 */
import { _createCache, _createIntlFormatters, createFormatter, type Formats } from "next-intl";
import { TIME_ZONE, type Locale } from "./config";

export const formats = {
  number: {
    euro: { style: "currency", currency: "EUR" },
  },
  dateTime: {
    date: { day: "numeric", month: "short", year: "numeric" },
    dateTime: { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" },
  },
} satisfies Formats;

/** The conventions each language formats with: Dutch as in the Netherlands, English as in Britain. */
export const INTL_LOCALE: Record<Locale, string> = { nl: "nl-NL", en: "en-GB" };

export type AppFormatter = ReturnType<typeof createFormatter>;

/**
 * One formatter per language, made on first use and kept, sharing one cache of Intl
 * formatters: building an Intl formatter costs far more than formatting with it, and a
 * page or a mail batch formats many amounts and dates.
 */
const cache = _createCache();
const intlFormatters = _createIntlFormatters(cache);
const byLocale = new Map<Locale, AppFormatter>();
export function appFormatter(locale: Locale): AppFormatter {
  let formatter = byLocale.get(locale);
  if (!formatter) {
    formatter = createFormatter({ locale: INTL_LOCALE[locale], timeZone: TIME_ZONE, formats, _cache: cache, _formatters: intlFormatters });
    byLocale.set(locale, formatter);
  }
  return formatter;
}

/** Integer cents as euros with a formatter of next-intl, e.g. "€ 35,00". */
export function money(formatter: Pick<AppFormatter, "number">, cents: number): string {
  return formatter.number(cents / 100, "euro");
}

const STEPS = [
  { unit: "minute", seconds: 60, below: 3600 },
  { unit: "hour", seconds: 3600, below: 86_400 },
  { unit: "day", seconds: 86_400, below: 7 * 86_400 },
] as const;

/**
 * Relative time: under 60 s "just now", then whole minutes, hours (under 24 h) and days
 * (under 7 days), then the date. Whole units count down (90 minutes is "1 hour ago"), and
 * one day is "yesterday".
 */
export function relative(
  formatter: Pick<AppFormatter, "relativeTime" | "dateTime">,
  locale: Locale,
  value: Date | string,
  now: Date = new Date(),
): string {
  const at = new Date(value);
  const seconds = Math.round((now.getTime() - at.getTime()) / 1000);
  if (seconds < 60) return locale === "nl" ? "Zojuist" : "Just now";
  for (const step of STEPS) {
    if (seconds >= step.below) continue;
    const whole = Math.floor(seconds / step.seconds);
    if (step.unit === "day" && whole === 1) return locale === "nl" ? "gisteren" : "yesterday";
    return formatter.relativeTime(new Date(now.getTime() - whole * step.seconds * 1000), { now, unit: step.unit });
  }
  return formatter.dateTime(at, "date");
}

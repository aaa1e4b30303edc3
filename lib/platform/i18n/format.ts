/**
 * Formatting by language for callers that hold a language rather than a next-intl
 * formatter: thin wrappers over appFormatter (lib/platform/i18n/formats.ts), so every
 * amount and date goes through next-intl's formatter with the app's one set of formats.
 * Components use useFormatter (client) or getFormatter (server) with `formats` instead.
 */
import type { DateTimeFormatOptions } from "next-intl";
import type { Locale } from "./config";
import { appFormatter, money, relative } from "./formats";

/** A euro amount (the API's `price`), e.g. formatEuro(1234.5, "nl") → "€ 1.234,50". */
export function formatEuro(amount: number, locale: Locale = "nl"): string {
  return appFormatter(locale).number(amount, "euro");
}

/** Integer cents, e.g. formatCents(123450, "nl") → "€ 1.234,50". */
export function formatCents(cents: number, locale: Locale = "nl"): string {
  return money(appFormatter(locale), cents);
}

/** A date ("23 nov 2026"), or with options as given (they replace the day-month-year form). */
export function formatDate(value: Date | string, locale: Locale = "nl", options?: DateTimeFormatOptions): string {
  const formatter = appFormatter(locale);
  return options ? formatter.dateTime(new Date(value), { dateStyle: "medium", ...options }) : formatter.dateTime(new Date(value), "date");
}

/** Relative time in the app's steps (relative in lib/platform/i18n/formats.ts). */
export function formatRelative(value: Date | string, locale: Locale = "nl", now: Date = new Date()): string {
  return relative(appFormatter(locale), locale, value, now);
}

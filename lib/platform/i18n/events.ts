/**
 * Texts the system writes (an offer in a conversation, a notification, a mail) are kept
 * as an event: a kind and its values, never as finished text. They are rendered when
 * read, in the reader's language and number format (docs/languages.md):
 * - a value under a key ending in `Cents` / `_cents` (integer cents) is shown as money
 *   under the key without the suffix: `amountCents: 4500` gives `amount` "€ 45,00" in
 *   Dutch and "€45.00" in English;
 * - a value under a key ending in `At` / `_at` (an ISO time) is shown as date and time
 *   under the key without the suffix: `claimUntilAt` gives `claimUntil`
 *   "9 dec 2026 14:30" / "9 Dec 2026, 14:30".
 * Other strings and numbers are passed as they are; a value already given under the
 * short key (older rows) is kept when there is nothing to format.
 */
import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import type { Locale } from "./config";
import { appFormatter, money } from "./formats";

type EventValues = Record<string, string | number>;

const CENTS = /^(.+?)(Cents|_cents)$/;
const TIME = /^(.+?)(At|_at)$/;

/** The event's values with money and times formatted for `locale`. */
export function eventValues(data: unknown, locale: Locale): EventValues {
  const out: EventValues = {};
  if (!data || typeof data !== "object") return out;
  const format = appFormatter(locale);
  const formatted: EventValues = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (typeof value === "number") out[key] = value;
    else if (typeof value === "string") out[key] = /^\d{1,9}$/.test(value) ? Number(value) : value;
    else continue;
    const cents = CENTS.exec(key);
    if (cents && typeof value === "number" && Number.isInteger(value)) {
      formatted[cents[1]!] = money(format, value);
      continue;
    }
    const time = TIME.exec(key);
    if (time && typeof value === "string" && !Number.isNaN(Date.parse(value))) {
      formatted[time[1]!] = format.dateTime(new Date(value), "dateTime");
    }
  }
  return { ...out, ...formatted };
}

/** The same values as strings (mail templates take strings). */
export function eventStrings(data: unknown, locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(eventValues(data, locale)).map(([key, value]) => [key, String(value)]));
}

const MESSAGES = { nl, en } as const;
type Translate = ((path: string, values: EventValues) => string) & { has(path: string): boolean };
const translators = new Map<Locale, Translate>();

function translator(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator({
      locale,
      messages: MESSAGES[locale] as never,
      // A missing value is an error here (the caller falls back to the stored text).
      onError: (error) => {
        throw error;
      },
    }) as unknown as Translate;
    translators.set(locale, t);
  }
  return t;
}

/**
 * The text at `path` of messages/<locale>.json (e.g. `messageEvents.offer`) with the
 * event's values; null when there is no such text or a value it needs is missing.
 */
export function eventText(locale: Locale, path: string, data: unknown): string | null {
  const t = translator(locale);
  if (!t.has(path)) return null;
  try {
    return t(path, eventValues(data, locale));
  } catch {
    return null;
  }
}

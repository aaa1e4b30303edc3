/** Languages (docs/languages.md): Dutch is the default and the fallback. */
export const LOCALES = ["nl", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "nl";

/** The cookie server-rendered pages read, and the localStorage key that mirrors it. */
export const LOCALE_COOKIE = "kringwaar_locale";
export const LOCALE_STORAGE_KEY = "kringwaar.locale";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Only the exact values `nl` and `en` count; anything else (including injected script) is ignored. */
export function isLocale(value: unknown): value is Locale {
  return value === "nl" || value === "en";
}

export function resolveLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** Timezone for every formatted date and time. */
export const TIME_ZONE = "Europe/Amsterdam";

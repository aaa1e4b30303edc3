import { setRequestLocale } from "next-intl/server";
import { resolveLocale, type Locale } from "./config";

/** The `[locale]` segment every page lives under (proxy.ts rewrites to it). */
export type LocaleParams = Promise<{ locale: string }>;

/**
 * The page's language, from its `[locale]` segment, announced to next-intl so that the
 * page needs no cookie and can be cached (next-intl's static rendering: every page and
 * generateMetadata of a cached page calls this first).
 */
export async function pageLocale(params: LocaleParams): Promise<Locale> {
  const locale = resolveLocale((await params).locale);
  setRequestLocale(locale);
  return locale;
}

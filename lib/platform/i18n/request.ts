// next-intl's per-request configuration. Pages get their language from the `[locale]`
// segment proxy.ts rewrites to (from our cookie; URLs carry no prefix), announced with
// setRequestLocale so that cached pages need no cookie. Everything else (route handlers,
// a page that did not announce it) reads the cookie.
import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { isLocale, LOCALE_COOKIE, resolveLocale, TIME_ZONE } from "./config";
import { formats } from "./formats";

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : resolveLocale((await cookies()).get(LOCALE_COOKIE)?.value);
  const messages = (await import(`../../../messages/${locale}.json`)).default;
  // The same formats and time zone as the client provider (app/[locale]/layout.tsx), so
  // getFormatter and useFormatter agree.
  return { locale, messages, timeZone: TIME_ZONE, formats };
});

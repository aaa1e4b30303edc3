/** What checkout routes read from the request: the caller's language. */
import type { NextRequest } from "next/server";
import { LOCALE_COOKIE, resolveLocale } from "@/lib/platform/i18n/config";

export function requestLocale(req: NextRequest): "nl" | "en" {
  return resolveLocale(req.cookies.get(LOCALE_COOKIE)?.value);
}

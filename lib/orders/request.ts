/** What checkout routes read from the request: the caller's origin and language. */
import type { NextRequest } from "next/server";
import { LOCALE_COOKIE, resolveLocale } from "@/lib/i18n/config";

/** The origin the request was made to (as the browser saw it). */
export function requestOrigin(req: NextRequest): string | null {
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  if (!host) return null;
  const proto = req.headers.get("x-forwarded-proto") ?? req.nextUrl.protocol.replace(":", "");
  return `${proto}://${host}`;
}

export function requestLocale(req: NextRequest): "nl" | "en" {
  return resolveLocale(req.cookies.get(LOCALE_COOKIE)?.value);
}

// Runs before every page and /api request (Next 16's proxy, formerly middleware):
// - /api: a method the route does not export is a JSON 405 with an Allow header
//   (lib/platform/api/methods.ts), instead of Next's empty 405;
// - pages: the visitor's language from the cookie becomes the first path segment of the
//   page asked for (/browse is served by app/[locale]/(shop)/browse as /nl/browse), so
//   the URLs carry no locale and a public page is rendered and cached once per language;
// - pages: a Content Security Policy (lib/platform/security/headers.ts) with a fresh nonce
//   per request, which Next reads from the request headers and puts on every script it
//   renders (Next's documented nonce setup: every page renders per request); HSTS when the
//   site is https;
// - pages: tells the login-only layout which path was asked for, so a visitor is sent to
//   log in and then continues there (lib/domains/accounts/auth/return-path.ts). It checks nothing itself:
//   the pages check the session on the server, every time.
import { NextResponse, type NextRequest } from "next/server";
import { methodNotAllowed } from "@/lib/platform/api/methods";
import { E2E_BUILD } from "@/lib/platform/e2e-build";
import { env } from "@/lib/platform/env";
import { LOCALE_COOKIE, resolveLocale } from "@/lib/platform/i18n/config";
import { contentSecurityPolicy, strictTransportSecurity } from "@/lib/platform/security/headers";

export const REQUESTED_PATH_HEADER = "x-kringwaar-path";
/** Where next-intl looks for the language of a page that did not call setRequestLocale. */
const INTL_LOCALE_HEADER = "X-NEXT-INTL-LOCALE";

/**
 * The route that serves a page path. /browse and /seller/{id} are cached as they are;
 * with filters, or a further page, they are rendered per request by a route of their
 * own (the visitor's URL does not change). `_rsc` is Next's own navigation parameter.
 */
export function routeOf(pathname: string, query: URLSearchParams): string {
  if (pathname === "/browse" && [...query.keys()].some((key) => key !== "_rsc")) return "/browse/results";
  if (/^\/seller\/[^/]+$/.test(pathname) && query.has("page")) return `${pathname}/more`;
  return pathname;
}

/** 128 random bits, base64: a page's CSP nonce, new for every response. */
export function freshNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const settings = env();
  const hsts = strictTransportSecurity(settings);

  if (pathname === "/api" || pathname.startsWith("/api/")) {
    const refused = methodNotAllowed(request.method, pathname);
    if (refused) {
      if (hsts) refused.headers.set("Strict-Transport-Security", hsts);
      return refused;
    }
    const response = NextResponse.next();
    if (hsts) response.headers.set("Strict-Transport-Security", hsts);
    return response;
  }

  const nonce = freshNonce();
  // The component harness pages of the test build (lib/platform/e2e-build.ts) can force the
  // Google engine with a key of their own.
  const harnessGoogle = E2E_BUILD && pathname.startsWith("/e2e/") && request.nextUrl.searchParams.has("googleKey");
  const policy = contentSecurityPolicy(nonce, {
    ...settings,
    GOOGLE_MAPS_BROWSER_KEY: settings.GOOGLE_MAPS_BROWSER_KEY ?? (harnessGoogle ? "harness" : undefined),
  });
  const locale = resolveLocale(request.cookies.get(LOCALE_COOKIE)?.value);
  const headers = new Headers(request.headers);
  headers.set("Content-Security-Policy", policy);
  headers.set(REQUESTED_PATH_HEADER, pathname + request.nextUrl.search);
  headers.set(INTL_LOCALE_HEADER, locale);
  const target = request.nextUrl.clone();
  const route = routeOf(pathname, request.nextUrl.searchParams);
  target.pathname = route === "/" ? `/${locale}` : `/${locale}${route}`;
  const response = NextResponse.rewrite(target, { request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
  return response;
}

export const config = {
  // Not the build's static files, the uploaded images, icons, the service worker and the
  // crawler files: they carry no scripts and no language (HSTS on the pages is enough
  // for the browser to remember).
  matcher: ["/((?!_next/|__nextjs|uploads/|icons/|images/|favicon\\.ico|sw\\.js|manifest\\.webmanifest|robots\\.txt|sitemap\\.xml|sitemaps/).*)"],
};

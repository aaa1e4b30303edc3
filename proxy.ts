// Runs before every page and /api request (Next 16's proxy, formerly middleware):
// - /api: a method the route does not export is a JSON 405 with an Allow header
//   (lib/api/methods.ts), instead of Next's empty 405;
// - pages: a Content Security Policy with a fresh nonce (lib/security/headers.ts), which
//   Next reads from the request headers and puts on every script it renders; HSTS when
//   the site is https;
// - pages: tells the login-only layout which path was asked for, so a visitor is sent to
//   log in and then continues there (lib/auth/return-path.ts). It checks nothing itself:
//   the pages check the session on the server, every time.
import { NextResponse, type NextRequest } from "next/server";
import { methodNotAllowed } from "@/lib/api/methods";
import { env } from "@/lib/env";
import { contentSecurityPolicy, newNonce, strictTransportSecurity } from "@/lib/security/headers";

export const REQUESTED_PATH_HEADER = "x-kringwaar-path";
export const NONCE_HEADER = "x-nonce";

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

  const nonce = newNonce();
  // The component harness pages can force the Google engine with a key of their own.
  const harnessGoogle =
    settings.E2E_FIXTURES && pathname.startsWith("/e2e/") && request.nextUrl.searchParams.has("googleKey");
  const policy = contentSecurityPolicy(nonce, {
    ...settings,
    GOOGLE_MAPS_BROWSER_KEY: settings.GOOGLE_MAPS_BROWSER_KEY ?? (harnessGoogle ? "harness" : undefined),
  });
  const headers = new Headers(request.headers);
  headers.set(NONCE_HEADER, nonce);
  headers.set("Content-Security-Policy", policy);
  headers.set(REQUESTED_PATH_HEADER, pathname + request.nextUrl.search);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
  return response;
}

export const config = {
  // Not the build's static files, the uploaded images, icons and the service worker:
  // they carry no scripts (HSTS on the pages is enough for the browser to remember).
  matcher: ["/((?!_next/static|_next/image|uploads/|icons/|favicon\\.ico|sw\\.js|manifest\\.webmanifest|robots\\.txt).*)"],
};

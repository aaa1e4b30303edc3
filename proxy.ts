// Runs before the login-only pages: tells their layout which path was asked for, so a
// visitor is sent to log in and then continues there (lib/auth/return-path.ts). It
// checks nothing itself: the pages check the session on the server, every time.
import { NextResponse, type NextRequest } from "next/server";

export const REQUESTED_PATH_HEADER = "x-kringwaar-path";

export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set(REQUESTED_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: [
    "/sell",
    "/edit-product/:path*",
    "/cart",
    "/orders",
    "/dashboard",
    "/messages",
    "/wishlist",
    "/notifications",
    "/payment-success",
    "/support",
  ],
};

/**
 * Where a visitor was going when a login-only page sent them to log in, carried in the
 * URL (`/?login=required&next=/sell`). Only a same-site path is ever followed: never
 * another host ("//evil.example", "/\\evil.example", "https://..."), never a scheme.
 */
export const LOGIN_PARAM = "login";
export const NEXT_PARAM = "next";

/** Why the dialog opened, by where the visitor was going (texts under `auth.reasons`). */
export type LoginReason = "sell" | "messages" | "wishlist" | "cart" | "orders" | "dashboard" | "notifications" | "other";

export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 1_000) return null;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  try {
    const base = "https://kringwaar.invalid";
    const url = new URL(raw, base);
    if (url.origin !== base) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

export function loginReasonOf(path: string | null): LoginReason {
  const first = path?.split(/[/?#]/)[1] ?? "";
  if (first === "sell" || first === "edit-product") return "sell";
  if (first === "messages" || first === "wishlist" || first === "cart" || first === "orders" || first === "dashboard" || first === "notifications") {
    return first;
  }
  return "other";
}

/** The home page URL that opens the login dialog and then continues to `path`. */
export function loginUrlFor(path: string): string {
  const next = safeReturnPath(path);
  return next ? `/?${LOGIN_PARAM}=required&${NEXT_PARAM}=${encodeURIComponent(next)}` : `/?${LOGIN_PARAM}=required`;
}

/**
 * Which push endpoints a subscription may name (docs/notifications.md): only the push
 * services of the browsers, over https, so the server never sends a request where a
 * user points it. PUSH_EXTRA_HOST adds one host (tests: a loopback double); plain http
 * is accepted for that host only outside production, or in the end-to-end test build
 * (which runs as production; lib/platform/e2e-build.ts: a production build holds false).
 */
import { E2E_BUILD } from "@/lib/platform/e2e-build";
import { env } from "@/lib/platform/env";

/** Exact hosts of the known push services. */
const PUSH_HOSTS = new Set(["web.push.apple.com", "fcm.googleapis.com", "updates.push.services.mozilla.com", "push.services.mozilla.com"]);
/** Host suffixes (Windows Push Notification Services). */
const PUSH_HOST_SUFFIXES = [".notify.windows.com"];

export function isAllowedPushEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const config = env();
  const extra = config.PUSH_EXTRA_HOST?.toLowerCase();
  if (extra && url.host === extra) {
    return url.protocol === "https:" || (url.protocol === "http:" && (config.NODE_ENV !== "production" || E2E_BUILD));
  }
  if (url.protocol !== "https:" || url.port !== "") return false;
  return PUSH_HOSTS.has(url.hostname) || PUSH_HOST_SUFFIXES.some((suffix) => url.hostname.endsWith(suffix) && url.hostname.length > suffix.length);
}

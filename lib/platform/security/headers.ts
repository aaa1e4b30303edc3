/**
 * The Content Security Policy and HSTS of the pages (docs/architecture.md, "Security
 * headers"). proxy.ts builds the policy with a fresh nonce per request, Next puts that
 * nonce on every script it renders (every page renders per request), and
 * 'strict-dynamic' lets those scripts load the chunks and libraries (Google Maps) they
 * need. Hosts outside our origin are allowed
 * only for what the configuration turns on.
 */
import type { Env } from "@/lib/platform/env";

type Settings = Pick<Env, "NODE_ENV" | "APP_URL" | "STORAGE_DRIVER" | "S3_PUBLIC_URL" | "GOOGLE_MAPS_BROWSER_KEY" | "STRIPE_SECRET_KEY">;

/** PDOK BRT-Achtergrondkaart tiles (components/maps/constants.ts PDOK_TILE_URL). */
export const PDOK_TILE_ORIGIN = "https://service.pdok.nl";

/** What the Maps JavaScript API loads (Google's CSP guide for Maps). */
const GOOGLE_MAPS = {
  img: ["https://*.googleapis.com", "https://*.gstatic.com", "https://*.google.com", "https://*.googleusercontent.com"],
  connect: ["https://*.googleapis.com", "https://*.google.com", "https://*.gstatic.com"],
  font: ["https://fonts.gstatic.com"],
  style: ["https://fonts.googleapis.com"],
  frame: ["https://*.google.com"],
};

/** Stripe's hosted Checkout and Connect onboarding, reached by redirect. */
const STRIPE = ["https://checkout.stripe.com", "https://connect.stripe.com"];

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function contentSecurityPolicy(nonce: string, settings: Settings): string {
  const dev = settings.NODE_ENV === "development";
  const google = Boolean(settings.GOOGLE_MAPS_BROWSER_KEY);
  const stripe = Boolean(settings.STRIPE_SECRET_KEY);
  const storage = settings.STORAGE_DRIVER === "s3" ? originOf(settings.S3_PUBLIC_URL) : undefined;
  const https = settings.APP_URL.startsWith("https://");

  const img = ["'self'", "data:", "blob:", PDOK_TILE_ORIGIN, ...(storage ? [storage] : []), ...(google ? GOOGLE_MAPS.img : [])];
  const connect = ["'self'", ...(storage ? [storage] : []), ...(google ? GOOGLE_MAPS.connect : [])];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    // React's development build evaluates code for its error overlay and call stacks.
    ["script-src", [`'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])]],
    // Style attributes (React, Radix, Leaflet) and the <style> elements libraries insert
    // (toasts, Google Maps) carry no nonce: styles stay 'unsafe-inline'. Scripts are the
    // XSS risk the nonce closes; CSS cannot run code.
    ["style-src", ["'self'", "'unsafe-inline'", ...(google ? GOOGLE_MAPS.style : [])]],
    ["img-src", img],
    ["font-src", ["'self'", "data:", ...(google ? GOOGLE_MAPS.font : [])]],
    ["connect-src", connect],
    ["worker-src", ["'self'", "blob:"]],
    ["manifest-src", ["'self'"]],
    ["frame-src", google || stripe ? [...(google ? GOOGLE_MAPS.frame : []), ...(stripe ? STRIPE : [])] : ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'", ...(stripe ? STRIPE : [])]],
    ["frame-ancestors", ["'none'"]],
  ];
  const policy = directives.map(([name, values]) => `${name} ${values.join(" ")}`);
  if (https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** HSTS only where the site is https: the production APP_URL, never the http default. */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

export function strictTransportSecurity(settings: Pick<Env, "NODE_ENV" | "APP_URL">): string | undefined {
  return settings.NODE_ENV === "production" && settings.APP_URL.startsWith("https://") ? HSTS_VALUE : undefined;
}

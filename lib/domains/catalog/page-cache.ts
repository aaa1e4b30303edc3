/**
 * The public pages' data (home, /browse, /categories, product and seller pages) is kept
 * in Next's cache (lib/domains/catalog/page-data.ts), in Redis when REDIS_URL is set,
 * shared by every instance (cache-handler.mjs). Every entry carries tags naming what it
 * shows, and a successful change revalidates the tags of what it changed
 * (docs/architecture.md, "Freshness"):
 *
 * - `product:<id>`: one product's page data;
 * - `seller:<id>`: a seller's profile, their listings, and their products' pages (which
 *   show the seller's name, rating and other listings);
 * - `catalogue`: the lists across sellers: the home page's products, categories (with
 *   their counts) and top sellers, the plain /browse;
 * - `public`: every entry, for a change whose reach is not known here (a sale through a
 *   payment, an order step, a review, an admin's decision on a listing, a run of the
 *   scheduled jobs that did something).
 *
 * Writes that no public page shows (settings, a password, notifications read, messages,
 * support, reports, the cart, the wishlist, saved searches, uploads not yet listed) change
 * no tag at all. Entries also renew every PAGE_REVALIDATE_SECONDS, for what changes by
 * time alone (an expired reservation).
 */
import { revalidateTag } from "next/cache";
import { noteCatalogWrite } from "@/lib/platform/db/replicas";
import { log } from "@/lib/platform/log";

/** How long a public page's data may be served from the cache without a change (seconds). */
export const PAGE_REVALIDATE_SECONDS = 60;

export const PUBLIC_TAG = "public";
export const CATALOG_TAG = "catalogue";
export const productTag = (id: string) => `product:${id}`;
export const sellerTag = (id: string) => `seller:${id}`;

/** API paths whose writes no public page shows (prefixes; an exact path without its slash). */
const UNSEEN_BY_PAGES = [
  "/api/auth/",
  "/api/conversations",
  "/api/messages",
  "/api/notifications",
  "/api/support",
  "/api/reports",
  "/api/appeals",
  "/api/saved-searches",
  "/api/wishlist",
  "/api/cart",
  "/api/mail/",
  "/api/geocode",
  "/api/reverse-geocode",
  "/api/upload-image",
  "/api/events",
  "/api/payouts/",
  "/api/shipping/address",
  "/api/users/me/settings",
  "/api/users/me/password",
  "/api/users/me/export",
  "/api/users/me/tax-profile",
  "/api/users/me/confirm-email",
  "/api/users/me/dac7",
  "/api/users/me/statements",
];

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const PRODUCT = new RegExp(`^/api/products/(${UUID})$`, "i");
const PRODUCT_OFFER = new RegExp(`^/api/products/${UUID}/offers$`, "i");
const ADMIN_USER = new RegExp(`^/api/admin/users/(${UUID})/(ban|unban|verify)$`, "i");
const ADMIN_USER_PAYOUTS = new RegExp(`^/api/admin/users/${UUID}/(hold|release)-payouts$`, "i");

const isUnseen = (pathname: string) =>
  UNSEEN_BY_PAGES.some((prefix) => pathname === prefix.replace(/\/$/, "") || pathname.startsWith(prefix));

/**
 * The tags a successful API answer may have made stale: none for reads, failures and
 * writes no page shows; the product's, its seller's and the lists' for a seller's own
 * listing; the seller's and the lists' for a profile, a ban or a deletion; `public` for
 * the rest.
 */
export function tagsChangedBy(method: string, pathname: string, status: number, callerId: string | null): string[] {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS" || status >= 400) return [];
  if (isUnseen(pathname)) return [];
  // An offer is between buyer and seller until a checkout reserves the product.
  if (method === "POST" && PRODUCT_OFFER.test(pathname)) return [];
  if (ADMIN_USER_PAYOUTS.test(pathname)) return [];
  // A listing written by its seller (the handler refuses anyone else: 403).
  if (pathname === "/api/products" && callerId) return [sellerTag(callerId), CATALOG_TAG];
  const product = PRODUCT.exec(pathname);
  if (product && callerId) return [productTag(product[1]!.toLowerCase()), sellerTag(callerId), CATALOG_TAG];
  // The profile (name, photo, place) and the account's deletion: everywhere the seller shows.
  if ((pathname === "/api/users/me" || pathname === "/api/users/me/photo") && callerId) return [sellerTag(callerId), CATALOG_TAG];
  const admin = ADMIN_USER.exec(pathname);
  if (admin) return [sellerTag(admin[1]!.toLowerCase()), CATALOG_TAG];
  return [PUBLIC_TAG];
}

/**
 * Marks the data of these tags stale on every instance (the shared cache's tag index):
 * the next visit reads afresh, never the stale copy (`expire: 0`). Outside a Next request
 * (a unit test, a script) there is no cache to revalidate.
 */
export function revalidatePublic(tags: readonly string[]): void {
  if (tags.length === 0) return;
  // The next reads go to the primary, not a replica that may not have the change yet.
  noteCatalogWrite();
  for (const tag of tags) {
    try {
      revalidateTag(tag, { expire: 0 });
    } catch (error) {
      if (error instanceof Error && /static generation store missing|outside a request scope|workStore/i.test(error.message)) return;
      log().warn({ err: error, tag }, "page cache: could not revalidate");
    }
  }
}

/** Makes every cached public page's data stale (a change whose reach is not known). */
export function dropCachedPages(): void {
  revalidatePublic([PUBLIC_TAG]);
}

/** The route wrapper's hook: revalidates what a successful change may have changed. */
export function dropPagesAfterChange(method: string, pathname: string, status: number, caller: { id: string } | null): void {
  revalidatePublic(tagsChangedBy(method, pathname, status, caller?.id ?? null));
}

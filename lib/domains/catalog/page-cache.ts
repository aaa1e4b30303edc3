/**
 * The public pages (home, browse, categories, product and seller pages) are rendered once
 * per language and cached (docs/performance.md, "Cached pages"). They
 * show what anyone may see; everything about the visitor is filled in by the browser.
 *
 * When something they show may have changed (a listing, a sale, a reservation, a review,
 * a seller's profile, an admin's decision), every cached page is dropped, so the next
 * visit renders afresh: the API's route wrapper does this after every successful change
 * outside the paths below, and so do the webhook and the cron job. A change is rare next
 * to the views a page gets between two changes, and dropping everything cannot miss a
 * page that shows the product (a seller's other listings, the home page's newest, a
 * category's count). The pages also renew themselves every PAGE_REVALIDATE_SECONDS: for
 * what changes by time alone (an expired reservation) and for the other instances, each
 * of which keeps its own cache.
 */
import { revalidatePath } from "next/cache";
import { noteCatalogueWrite } from "@/lib/platform/db/replicas";
import { log } from "@/lib/platform/log";

/** How long a public page may be served from the cache without a change (seconds). */
export const PAGE_REVALIDATE_SECONDS = 60;

/** API paths whose changes no public page shows (messages, notifications, the visitor's own lists). */
const UNSEEN_BY_PAGES = [
  "/api/auth/",
  "/api/conversations",
  "/api/messages",
  "/api/notifications",
  "/api/support",
  "/api/reports",
  "/api/saved-searches",
  "/api/wishlist",
  "/api/mail/",
  "/api/geocode",
  "/api/upload-image",
  "/api/events",
];

export function changesPublicPages(method: string, pathname: string, status: number): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS" || status >= 400) return false;
  return !UNSEEN_BY_PAGES.some((prefix) => pathname === prefix.replace(/\/$/, "") || pathname.startsWith(prefix));
}

/** Drops every cached page. Outside a Next request (a unit test, a script) there is no cache to drop. */
export function dropCachedPages(): void {
  // The next renders read the primary, not a replica that may not have the change yet.
  noteCatalogueWrite();
  try {
    revalidatePath("/", "layout");
  } catch (error) {
    if (error instanceof Error && error.message.includes("static generation store missing")) return;
    log().warn({ err: error }, "page cache: could not drop the cached pages");
  }
}

/** The route wrapper's hook: drops the cached pages after a successful change they may show. */
export function dropPagesAfterChange(method: string, pathname: string, status: number): void {
  if (changesPublicPages(method, pathname, status)) dropCachedPages();
}

/**
 * What the public pages show, as anyone may see it, kept in Next's cache (Redis with
 * REDIS_URL, else memory: cache-handler.mjs) under the tags of page-cache.ts. The pages
 * themselves render per request (each with its own CSP nonce); their data comes from here
 * and reaches the database only when a change made it stale or PAGE_REVALIDATE_SECONDS
 * have passed. Only for server components: outside a Next request there is no cache.
 * Everything returned is JSON (the cache serialises it).
 */
import { unstable_cache } from "next/cache";
import { CATALOG_TAG, PAGE_REVALIDATE_SECONDS, PUBLIC_TAG, productTag, sellerTag } from "./page-cache";
import type { ProductQuery } from "./schemas";
import { searchProducts } from "./search";
import { getSellerProfile, listFeaturedSellers, listSellerProducts, moreFromSeller } from "./sellers";
import { getProduct, listCategoriesWithCounts } from "./service";

/** `load(...args)` through the cache, keyed by `name` and the arguments, with `tags`. */
function cached<A extends unknown[], R>(name: string, load: (...args: A) => Promise<R>, tags: (...args: A) => string[]) {
  return (...args: A): Promise<R> =>
    unstable_cache(() => load(...args), [name, JSON.stringify(args)], {
      tags: [PUBLIC_TAG, ...tags(...args)],
      revalidate: PAGE_REVALIDATE_SECONDS,
    })();
}

/** A search as a visitor sees it: the home page's lists and the plain /browse. */
export const publicSearch = cached("search", (query: ProductQuery) => searchProducts(query, null), () => [CATALOG_TAG]);

export const publicCategories = cached("categories", () => listCategoriesWithCounts(), () => [CATALOG_TAG]);

export const publicFeaturedSellers = cached("featured-sellers", () => listFeaturedSellers(), () => [CATALOG_TAG]);

/** Whose product this is (never changes): the product page's data is also its seller's. */
const sellerOf = cached("seller-of", async (id: string) => (await getProduct(id, null)).seller_id, (id) => [productTag(id)]);

const productOf = cached(
  "product",
  // The seller is in the key and the tags only.
  (id: string, sellerId: string) => (void sellerId, getProduct(id, null)),
  (id, sellerId) => [productTag(id), sellerTag(sellerId)],
);

/** A product as anyone may see it; 404 (AppError not_found) for none, which is not cached. */
export async function publicProduct(id: string) {
  return productOf(id, await sellerOf(id));
}

export const publicSellerProfile = cached("seller", (id: string) => getSellerProfile(id), (id) => [sellerTag(id)]);

export const publicSellerProducts = cached(
  "seller-products",
  (id: string, limit: number, skip: number) => listSellerProducts(id, { limit, skip }, null),
  (id) => [sellerTag(id)],
);

export const publicMoreFromSeller = cached(
  "more-from-seller",
  (sellerId: string, productId: string) => moreFromSeller(sellerId, productId, null),
  (sellerId, productId) => [sellerTag(sellerId), productTag(productId)],
);

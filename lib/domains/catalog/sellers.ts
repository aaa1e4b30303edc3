/**
 * Sellers as the catalogue shows them: the public profile, their listings, and the top
 * sellers (rating 4.5 or more with at least 5 reviews, docs/reviews-and-wishlist.md). Ratings
 * are the aggregates stored on the seller's row (lib/domains/accounts/reputation.ts).
 */
import { notFound } from "@/lib/platform/api/errors";
import { db, type Db } from "@/lib/platform/db/client";
import { readDb } from "@/lib/platform/db/replicas";
import { averageOf } from "@/lib/domains/accounts";
import type { FeaturedSellerJson, SellerProfileJson } from "./responses";
import { isTopSeller, SEARCH_LIMIT_DEFAULT, TOP_SELLER, type PageQuery, type ProductQuery } from "./schemas";
import { searchProducts, type SearchResult } from "./search";
import { roundRating, type Viewer } from "./serialize";
import { isUuid } from "@/lib/platform/api/ids";
import { TRADER_SELECT, traderDetailsOf } from "@/lib/domains/accounts";

export const SELLER_NOT_FOUND = "Seller not found";
/** "more from this seller" shows 4. */
export const MORE_FROM_SELLER = 4;
export const FEATURED_SELLERS_MAX = 50;

/** GET /api/users/{id}/profile: public, so no email or phone. */
export async function getSellerProfile(id: string): Promise<SellerProfileJson> {
  // A public page's read: from a replica when there is one (lib/platform/db/replicas.ts).
  const profile = await readDb((client) => sellerProfile(client, id));
  if (!profile) throw notFound(SELLER_NOT_FOUND, "user_not_found");
  return profile;
}

async function sellerProfile(client: Db, id: string): Promise<SellerProfileJson | null> {
  const user = isUuid(id)
    ? await client.user.findFirst({
        where: { id, deletedAt: null },
        select: {
          id: true,
          name: true,
          profileImage: true,
          createdAt: true,
          ratingSum: true,
          ratingCount: true,
          lastActiveAt: true,
          responseMinutes: true,
          ...TRADER_SELECT,
        },
      })
    : null;
  if (!user) return null;
  const [productCount, salesCount] = await Promise.all([
    client.product.count({ where: { sellerId: user.id, status: { not: "sold" }, deletedAt: null, hiddenAt: null } }),
    // Completed sales (the orders index on seller_id): the seller card's "x verkocht".
    client.order.count({ where: { sellerId: user.id, status: "completed" } }),
  ]);
  // The stored aggregates (lib/domains/accounts/reputation.ts), not a recount of the reviews.
  const rating = { rating_average: averageOf(user.ratingSum, user.ratingCount), rating_count: user.ratingCount };
  return {
    id: user.id,
    name: user.name,
    is_business_seller: user.isBusinessSeller,
    business_name: user.isBusinessSeller ? user.businessName : null,
    profile_image: user.profileImage,
    created_at: user.createdAt.toISOString(),
    rating_average: roundRating(rating.rating_average),
    rating_count: rating.rating_count,
    is_featured_seller: isTopSeller(rating.rating_average, rating.rating_count),
    product_count: productCount,
    trader: traderDetailsOf({ ...user, deletedAt: null }),
    // The seller card's figures, all kept on the row or counted by index.
    sales_count: salesCount,
    response_minutes: user.responseMinutes,
    response_time: user.responseMinutes === null ? null : responseBucket(user.responseMinutes),
    last_active_at: user.lastActiveAt?.toISOString() ?? null,
  };
}

/** The card's words for a usual response time: within an hour, a day, or a few days. */
export type ResponseBucket = "hour" | "day" | "days";
export function responseBucket(minutes: number): ResponseBucket {
  return minutes <= 60 ? "hour" : minutes <= 24 * 60 ? "day" : "days";
}

/**
 * A seller's listings, newest first: what is for sale (public), or everything including
 * sold ones (`includeSold`, the seller's own dashboard).
 */
export async function listSellerProducts(
  sellerId: string,
  page: PageQuery,
  viewer: Viewer,
  options: { includeSold?: boolean; excludeProductId?: string } = {},
): Promise<SearchResult> {
  if (!isUuid(sellerId)) return { products: [], total: 0, totalIsCapped: false };
  return searchProducts(browseQuery({ limit: page.limit, skip: page.skip, sort: "newest" }), viewer, {
    sellerId,
    includeSold: options.includeSold,
    excludeProductId: options.excludeProductId,
  });
}

/** "More from this seller" on a product page: 4 others for sale. */
export async function moreFromSeller(sellerId: string, productId: string, viewer: Viewer): Promise<SearchResult> {
  return listSellerProducts(sellerId, { limit: MORE_FROM_SELLER, skip: 0 }, viewer, { excludeProductId: productId });
}

/** A browse query with nothing set but what is given (home page, seller lists). */
export function browseQuery(partial: Partial<ProductQuery> = {}): ProductQuery {
  return {
    search: undefined,
    category: undefined,
    minPriceCents: undefined,
    maxPriceCents: undefined,
    location: undefined,
    near: undefined,
    radiusKm: undefined,
    sort: undefined,
    delivery: undefined,
    condition: undefined,
    featuredOnly: false,
    limit: SEARCH_LIMIT_DEFAULT,
    skip: 0,
    after: undefined,
    ...partial,
  };
}

type FeaturedSellerRow = {
  id: string;
  name: string;
  profile_image: string | null;
  created_at: Date;
  rating_average: number;
  rating_count: number;
};

/** GET /api/featured-sellers: top sellers, best rated first. */
export async function listFeaturedSellers(limit = FEATURED_SELLERS_MAX): Promise<FeaturedSellerJson[]> {
  const rows = await db.$queryRaw<FeaturedSellerRow[]>`
    SELECT u.id, u.name, u.profile_image, u.created_at,
           u.rating_sum::float8 / u.rating_count AS rating_average, u.rating_count
    FROM users u
    WHERE u.rating_count >= ${TOP_SELLER.minReviews}::int
      AND u.rating_sum >= ${TOP_SELLER.minRating}::numeric * u.rating_count
      AND u.deleted_at IS NULL AND NOT u.is_banned
    ORDER BY u.rating_sum::float8 / u.rating_count DESC, u.rating_count DESC, u.created_at ASC
    LIMIT ${Math.min(Math.max(1, limit), FEATURED_SELLERS_MAX)}::int`;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    profile_image: row.profile_image,
    rating_average: roundRating(row.rating_average),
    rating_count: row.rating_count,
    created_at: row.created_at.toISOString(),
  }));
}

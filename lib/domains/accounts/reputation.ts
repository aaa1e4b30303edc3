/**
 * The seller's reputation as stored aggregates on their user row (rating_sum,
 * rating_count): written in the same transaction as each review, so every product,
 * profile and featured-seller read is a column lookup instead of a recount of all
 * reviews (docs/reviews-and-wishlist.md). The average is sum / count.
 */
import type { Tx } from "@/lib/platform/db/client";

/** Adds one rating to the seller's aggregates (call inside the review's transaction). */
export async function addToSellerRating(tx: Tx, sellerId: string, rating: number): Promise<void> {
  await tx.$executeRaw`
    UPDATE users SET rating_sum = rating_sum + ${rating}::int, rating_count = rating_count + 1
    WHERE id = ${sellerId}::uuid`;
}

/** The average of stored aggregates (0 without reviews). */
export function averageOf(ratingSum: number, ratingCount: number): number {
  return ratingCount > 0 ? ratingSum / ratingCount : 0;
}

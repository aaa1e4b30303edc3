/**
 * Reviews (docs/reviews-and-wishlist.md): only the buyer of an order
 * of the product whose handover is confirmed (or completed) may review it, once per
 * order; every review is a verified purchase. The seller may answer each review once.
 * A review, the seller's stored rating aggregates and the seller's notification are
 * written in one transaction.
 */
import { AppError, forbidden, notFound } from "@/lib/platform/api/errors";
import { ANONYMOUS_SELLER } from "@/lib/domains/catalog";
import { isUuid } from "@/lib/platform/api/ids";
import { PRODUCT_NOT_FOUND } from "@/lib/domains/catalog";
import { db, Prisma } from "@/lib/platform/db/client";
import { notify } from "@/lib/domains/notifications";
import { addToSellerRating } from "@/lib/domains/accounts";
import type { ReviewJson } from "./responses";
import { REVIEW_MESSAGES, type EligibilityReason, type ReviewInput } from "./schemas";

export const reviewSelect = {
  id: true,
  rating: true,
  comment: true,
  createdAt: true,
  sellerReply: true,
  sellerRepliedAt: true,
  productId: true,
  sellerId: true,
  author: { select: { name: true, deletedAt: true } },
  product: { select: { title: true } },
} satisfies Prisma.ReviewSelect;

type ReviewRow = Prisma.ReviewGetPayload<{ select: typeof reviewSelect }>;

export function serializeReview(row: ReviewRow): ReviewJson {
  const name = row.author.deletedAt || !row.author.name.trim() ? ANONYMOUS_SELLER : row.author.name;
  return {
    id: row.id,
    user_name: name,
    rating: row.rating,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
    // Only buyers with a confirmed handover can write one (EU rules on consumer reviews).
    verified_purchase: true,
    seller_reply: row.sellerReply
      ? { message: row.sellerReply, created_at: (row.sellerRepliedAt ?? row.createdAt).toISOString() }
      : null,
    product_id: row.productId,
    product_title: row.product.title,
    seller_id: row.sellerId,
  };
}

export type { ReviewJson };
export type ReviewPage = { reviews: ReviewJson[]; total: number };

async function existingProduct(productId: string) {
  const product = isUuid(productId)
    ? await db.product.findFirst({ where: { id: productId, deletedAt: null }, select: { id: true, title: true, sellerId: true } })
    : null;
  if (!product) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");
  return product;
}

/** GET /api/products/{id}/reviews: newest first, paged. */
export async function listProductReviews(productId: string, page: { limit: number; skip: number }): Promise<ReviewPage> {
  await existingProduct(productId);
  const [rows, total] = await Promise.all([
    db.review.findMany({
      where: { productId },
      select: reviewSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: page.limit,
      skip: page.skip,
    }),
    db.review.count({ where: { productId } }),
  ]);
  return { reviews: rows.map(serializeReview), total };
}

/** The reviews a seller received across their products, newest first (the seller profile). */
export async function listSellerReviews(sellerId: string, page: { limit: number; skip: number }): Promise<ReviewPage> {
  if (!isUuid(sellerId)) return { reviews: [], total: 0 };
  const [rows, total] = await Promise.all([
    db.review.findMany({
      where: { sellerId },
      select: reviewSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: page.limit,
      skip: page.skip,
    }),
    db.review.count({ where: { sellerId } }),
  ]);
  return { reviews: rows.map(serializeReview), total };
}

/** GET /api/products/{id}/rating. */
export async function productRating(productId: string) {
  await existingProduct(productId);
  const agg = await db.review.aggregate({ where: { productId }, _avg: { rating: true }, _count: true });
  return { average_rating: Math.round((agg._avg.rating ?? 0) * 100) / 100, total_reviews: agg._count };
}

type Eligibility = { can_review: boolean; reason: EligibilityReason | null; orderId: string | null };

/**
 * Whether `userId` may review the product now, and through which order: the buyer's
 * orders of it whose handover is confirmed, the first one not yet reviewed.
 */
async function eligibility(userId: string, product: { id: string; sellerId: string }): Promise<Eligibility> {
  if (product.sellerId === userId) return { can_review: false, reason: "own_product", orderId: null };
  const orders = await db.order.findMany({
    where: { buyerId: userId, productId: product.id, status: { in: ["held", "completed"] } },
    select: { id: true, deliveryStatus: true, review: { select: { id: true } } },
    orderBy: { createdAt: "asc" },
  });
  const received = orders.filter((order) => order.deliveryStatus === "confirmed");
  if (received.length === 0) {
    return { can_review: false, reason: orders.length > 0 ? "not_received" : "not_purchased", orderId: null };
  }
  const open = received.find((order) => order.review === null);
  if (!open) return { can_review: false, reason: "already_reviewed", orderId: null };
  // One review per author and product as well (the table's unique key).
  const earlier = await db.review.findFirst({ where: { productId: product.id, authorId: userId }, select: { id: true } });
  if (earlier) return { can_review: false, reason: "already_reviewed", orderId: null };
  return { can_review: true, reason: null, orderId: open.id };
}

/** GET /api/products/{id}/reviews/eligibility: the product page shows the form only when true. */
export async function reviewEligibility(userId: string | null, productId: string) {
  const product = await existingProduct(productId);
  if (!userId) return { can_review: false, reason: "login_required" as const };
  const { can_review, reason } = await eligibility(userId, product);
  return { can_review, reason };
}

function alreadyReviewed(): AppError {
  return new AppError("bad_request", REVIEW_MESSAGES.alreadyReviewed, { code: "already_reviewed" });
}

/**
 * POST /api/products/{id}/reviews. Who and when first (403, 400), then the input (422):
 * a stranger learns nothing from a validation message.
 */
export async function submitReview(userId: string, productId: string, parse: () => ReviewInput): Promise<ReviewJson> {
  const product = await existingProduct(productId);
  const allowed = await eligibility(userId, product);
  if (allowed.reason === "already_reviewed") throw alreadyReviewed();
  if (!allowed.can_review || !allowed.orderId) {
    // Not bought, not yet received, or the seller: the same answer (docs/reviews-and-wishlist.md).
    throw new AppError("forbidden", REVIEW_MESSAGES.notPurchased, { code: "not_purchased" });
  }
  const input = parse();
  const orderId = allowed.orderId;
  try {
    const id = await db.$transaction(async (tx) => {
      const review = await tx.review.create({
        data: { productId, authorId: userId, sellerId: product.sellerId, orderId, rating: input.rating, comment: input.comment },
        select: { id: true, author: { select: { name: true } } },
      });
      await addToSellerRating(tx, product.sellerId, input.rating);
      await notify(tx, product.sellerId, "review.received", {
        productId,
        productTitle: product.title,
        rating: String(input.rating),
        reviewer: review.author.name,
      });
      return review.id;
    });
    return serializeReview(await db.review.findUniqueOrThrow({ where: { id }, select: reviewSelect }));
  } catch (error) {
    // Two submissions at once: the unique keys (order; author and product) decide.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw alreadyReviewed();
    throw error;
  }
}

/** POST /api/reviews/{id}/reply: the review's seller, once. */
export async function replyToReview(userId: string, reviewId: string, message: string): Promise<ReviewJson> {
  const review = isUuid(reviewId)
    ? await db.review.findUnique({ where: { id: reviewId }, select: { id: true, sellerId: true, sellerReply: true } })
    : null;
  if (!review) throw notFound(REVIEW_MESSAGES.reviewNotFound, "review_not_found");
  if (review.sellerId !== userId) throw forbidden(REVIEW_MESSAGES.onlySeller, "not_seller");
  // Conditional on "no reply yet" in the same statement: two replies at once, one wins.
  const updated = await db.review.updateMany({
    where: { id: reviewId, sellerReply: null },
    data: { sellerReply: message, sellerRepliedAt: new Date() },
  });
  if (updated.count === 0) {
    throw new AppError("bad_request", REVIEW_MESSAGES.alreadyReplied, { code: "already_replied" });
  }
  return serializeReview(await db.review.findUniqueOrThrow({ where: { id: reviewId }, select: reviewSelect }));
}

/**
 * The wishlist: saved products, newest saved first, sold and
 * reserved ones included with their state. Adding and removing are idempotent.
 */
import { notFound } from "@/lib/platform/api/errors";
import { fetchProductRows } from "@/lib/domains/catalog";
import { serializeForViewer } from "@/lib/domains/catalog";
import type { ProductJson, Viewer } from "@/lib/domains/catalog";
import { isUuid } from "@/lib/platform/api/ids";
import { PRODUCT_NOT_FOUND } from "@/lib/domains/catalog";
import { db, Prisma } from "@/lib/platform/db/client";

/** Lists are capped: a wishlist is a shortlist, not a catalogue. */
export const WISHLIST_MAX_SHOWN = 500;

/** GET /api/wishlist: the full product JSON of each saved product. */
export async function listWishlist(viewer: NonNullable<Viewer>): Promise<{ products: ProductJson[] }> {
  const rows = await fetchProductRows(Prisma.sql`
    SELECT w.product_id AS id, row_number() OVER (ORDER BY w.created_at DESC, w.id DESC) AS ord,
           NULL::float8 AS distance_km, NULL::bigint AS total
    FROM wishlist_items w JOIN products p ON p.id = w.product_id
    WHERE w.user_id = ${viewer.id}::uuid AND p.deleted_at IS NULL
    ORDER BY w.created_at DESC, w.id DESC
    LIMIT ${WISHLIST_MAX_SHOWN}`);
  return { products: await serializeForViewer(rows, viewer) };
}

/** GET /api/wishlist/check/{productId}. An unknown product is simply not saved. */
export async function isInWishlist(userId: string, productId: string): Promise<{ is_in_wishlist: boolean }> {
  if (!isUuid(productId)) return { is_in_wishlist: false };
  const item = await db.wishlistItem.findUnique({ where: { userId_productId: { userId, productId } }, select: { id: true } });
  return { is_in_wishlist: item !== null };
}

async function wishlistableProduct(productId: string): Promise<void> {
  const product = isUuid(productId)
    ? await db.product.findFirst({ where: { id: productId, deletedAt: null }, select: { id: true } })
    : null;
  if (!product) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");
}

/** POST /api/wishlist/{productId}: saved (again) is still saved. */
export async function addToWishlist(userId: string, productId: string) {
  await wishlistableProduct(productId);
  await db.wishlistItem.createMany({ data: [{ userId, productId }], skipDuplicates: true });
  return { product_id: productId, is_in_wishlist: true };
}

/** DELETE /api/wishlist/{productId}: removing what is not there is fine too. */
export async function removeFromWishlist(userId: string, productId: string) {
  await wishlistableProduct(productId);
  await db.wishlistItem.deleteMany({ where: { userId, productId } });
  return { product_id: productId, is_in_wishlist: false };
}

/** GET /api/wishlist/saves: how many people saved each of the caller's own products. */
export async function wishlistCountsOfOwnProducts(sellerId: string): Promise<{ counts: Record<string, number> }> {
  const rows = await db.$queryRaw<{ product_id: string; wishlisted: number }[]>`
    SELECT w.product_id, count(*)::int AS wishlisted
    FROM wishlist_items w JOIN products p ON p.id = w.product_id
    WHERE p.seller_id = ${sellerId}::uuid AND p.deleted_at IS NULL
    GROUP BY w.product_id`;
  return { counts: Object.fromEntries(rows.map((row) => [row.product_id, row.wishlisted])) };
}

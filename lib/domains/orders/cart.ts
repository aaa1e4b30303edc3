/**
 * The cart (SPEC.md section 7): a list of product ids per user. Only products that can
 * be bought go in: not the user's own, not sold, not reserved by someone else, not
 * deleted. A product that becomes unavailable later stays in the cart, marked, until
 * the user removes it (checkout refuses it).
 */
import { AppError, notFound } from "@/lib/platform/api/errors";
import { db } from "@/lib/platform/db/client";
import { isUuid } from "@/lib/platform/api/ids";
import { PRODUCT_NOT_FOUND } from "@/lib/domains/catalog";
import { centsToEuro } from "@/lib/platform/money/cents";
import { commissionCents } from "@/lib/domains/payments";

export const OWN_PRODUCT = "You cannot buy your own product";
export const PRODUCT_SOLD = "Product already sold";
export const PRODUCT_RESERVED = "Product is reserved by another buyer";
export const SELLER_UNAVAILABLE = "This seller cannot sell at the moment";

/** Why `buyerId` cannot buy the product now, as the error to throw; null if they can. */
export function purchaseBlocker(
  product: { sellerId: string; status: string; deletedAt: Date | null; reservedUntil?: Date | null; sellerActive?: boolean },
  buyerId: string,
  now = new Date(),
): AppError | null {
  if (product.deletedAt) return notFound(PRODUCT_NOT_FOUND, "product_not_found");
  if (product.sellerId === buyerId) return new AppError("bad_request", OWN_PRODUCT, { code: "own_product" });
  if (product.status === "sold") return new AppError("conflict", PRODUCT_SOLD, { code: "sold" });
  // A banned or deleted seller's items stay visible for now, but nobody pays for them.
  if (product.sellerActive === false) return new AppError("conflict", SELLER_UNAVAILABLE, { code: "seller_unavailable" });
  const lapsed = product.reservedUntil != null && product.reservedUntil < now;
  if (product.status === "reserved" && !lapsed) return new AppError("conflict", PRODUCT_RESERVED, { code: "reserved" });
  return null;
}

export async function addToCart(userId: string, productId: string) {
  const product = isUuid(productId)
    ? await db.product.findUnique({
        where: { id: productId },
        select: { sellerId: true, status: true, deletedAt: true, reservedUntil: true, priceCents: true, seller: { select: { isBanned: true, deletedAt: true } } },
      })
    : null;
  if (!product) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");
  // Your own reservation (an unfinished checkout) does not keep the item out of your cart.
  const ownReservation =
    product.status === "reserved" &&
    (await db.order.count({ where: { productId, buyerId: userId, status: "pending" } })) > 0;
  const sellerActive = !product.seller.isBanned && !product.seller.deletedAt;
  const blocker = ownReservation && sellerActive ? null : purchaseBlocker({ ...product, sellerActive }, userId);
  if (blocker) throw blocker;
  // The price the buyer sees now: a checkout later charges no more without asking. Adding
  // again (the product page after a price change) is seeing the new price.
  await db.cartItem.upsert({
    where: { userId_productId: { userId, productId } },
    create: { userId, productId, priceCents: product.priceCents },
    update: { priceCents: product.priceCents },
  });
  return getCart(userId);
}

export async function removeFromCart(userId: string, productId: string) {
  const removed = isUuid(productId) ? await db.cartItem.deleteMany({ where: { userId, productId } }) : { count: 0 };
  if (removed.count === 0) throw notFound("Product is not in your cart");
  return getCart(userId);
}

export async function getCart(userId: string) {
  const items = await db.cartItem.findMany({
    where: { userId, product: { deletedAt: null } },
    orderBy: { createdAt: "asc" },
    include: {
      product: {
        include: {
          seller: { select: { name: true, deletedAt: true, isBanned: true } },
          images: { orderBy: { position: "asc" }, take: 1, select: { url: true, thumbUrl: true } },
          orders: { where: { buyerId: userId, status: "pending" }, select: { id: true } },
        },
      },
    },
  });
  const now = new Date();
  return {
    items: items.map(({ product, createdAt }) => {
      const reservedByOther =
        product.status === "reserved" && product.orders.length === 0 && !(product.reservedUntil && product.reservedUntil < now);
      return {
        product_id: product.id,
        added_at: createdAt.toISOString(),
        product: {
          id: product.id,
          title: product.title,
          price: centsToEuro(product.priceCents),
          commission: centsToEuro(commissionCents(product.priceCents)),
          images: product.images.map((image) => image.url),
          status: product.status,
          is_sold: product.status === "sold",
          seller_id: product.sellerId,
          seller_name: product.seller.deletedAt ? "Anonymous" : product.seller.name,
          available: product.status !== "sold" && !reservedByOther && !product.seller.isBanned && !product.seller.deletedAt,
        },
      };
    }),
  };
}

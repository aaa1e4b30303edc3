/**
 * The cart: a list of product ids per user. Only products that can
 * be bought go in: not the user's own, not sold, not reserved by someone else, not
 * deleted. A product that becomes unavailable later stays in the cart, marked, until
 * the user removes it (checkout refuses it).
 */
import type { CartJson } from "./responses";
import { AppError, notFound } from "@/lib/platform/api/errors";
import { db, Prisma, queryRows } from "@/lib/platform/db/client";
import { isUuid } from "@/lib/platform/api/ids";
import { PRODUCT_NOT_FOUND } from "@/lib/domains/catalog";
import { centsToEuro } from "@/lib/platform/money/cents";
import { commissionCents, itemTotalCents } from "@/lib/domains/payments";

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
  if (removed.count === 0) throw notFound("Product is not in your cart", "not_in_cart");
  return getCart(userId);
}

type CartRow = {
  product_id: string;
  added_at: Date;
  title: string;
  price_cents: number;
  status: string;
  reserved_until: Date | null;
  seller_id: string;
  seller_name: string;
  seller_deleted: boolean;
  seller_banned: boolean;
  image: string | null;
  own_checkout: boolean;
};

/**
 * One plain statement (past Prisma: its query compiler cost more than the statement on
 * every cart view, docs/performance.md "Mixed load"), on the primary so that the user's
 * own change shows at once.
 */
export async function getCart(userId: string): Promise<CartJson> {
  const rows = await queryRows<CartRow>(Prisma.sql`
    SELECT p.id AS product_id, ci.created_at AS added_at, p.title, p.price_cents, p.status::text AS status,
           p.reserved_until, p.seller_id, u.name AS seller_name, u.deleted_at IS NOT NULL AS seller_deleted,
           u.is_banned AS seller_banned,
           (SELECT i.url FROM product_images i WHERE i.product_id = p.id ORDER BY i.position ASC LIMIT 1) AS image,
           EXISTS (SELECT 1 FROM orders o WHERE o.product_id = p.id AND o.buyer_id = ${userId}::uuid AND o.status = 'pending') AS own_checkout
    FROM cart_items ci
    JOIN products p ON p.id = ci.product_id AND p.deleted_at IS NULL
    JOIN users u ON u.id = p.seller_id
    WHERE ci.user_id = ${userId}::uuid
    ORDER BY ci.created_at ASC, ci.id ASC`);
  const now = new Date();
  return {
    items: rows.map((row) => {
      // Someone else's unpaid checkout holds it (not the user's own, not a lapsed hold).
      const reservedByOther = row.status === "reserved" && !row.own_checkout && !(row.reserved_until && row.reserved_until < now);
      return {
        product_id: row.product_id,
        added_at: row.added_at.toISOString(),
        product: {
          id: row.product_id,
          title: row.title,
          price: centsToEuro(row.price_cents),
          commission: centsToEuro(commissionCents(row.price_cents)),
          buyer_total: centsToEuro(itemTotalCents(row.price_cents)),
          buyer_total_cents: itemTotalCents(row.price_cents),
          images: row.image === null ? [] : [row.image],
          status: row.status,
          is_sold: row.status === "sold",
          seller_id: row.seller_id,
          seller_name: row.seller_deleted ? "Anonymous" : row.seller_name,
          available: row.status !== "sold" && !reservedByOther && !row.seller_banned && !row.seller_deleted,
        },
      };
    }),
  };
}

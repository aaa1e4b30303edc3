/**
 * Admin product management: list with search, feature or unfeature, and remove with a
 * statement of reasons (DSA art. 17) that the seller receives as a notification.
 * Removal is refused while an order for the product is unpaid or in escrow; it withdraws
 * the listing (deleted_at) and keeps the row, since orders and reports refer to it.
 */
import { conflict, notFound } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/log";
import { centsToEuro } from "@/lib/catalog/schemas";
import { isUuid } from "@/lib/catalog/service";
import { db, type Tx } from "@/lib/db/client";
import type { Prisma, User } from "@/lib/db/generated/client";
import { publishEvent } from "@/lib/events/publish";
import { notify } from "@/lib/notifications/service";
import type { RemovalInput } from "./schemas";

export const PRODUCT_NOT_FOUND = "Product not found";
export const ORDER_IN_PROGRESS = "This product has an order that is unpaid or in escrow";

export type AdminProductJson = {
  id: string;
  title: string;
  price: number;
  image: string | null;
  seller_id: string;
  seller_name: string;
  seller_email: string;
  seller_banned: boolean;
  is_featured: boolean;
  is_sold: boolean;
  status: string;
  hidden: boolean;
  created_at: string;
};

const include = {
  seller: { select: { name: true, email: true, isBanned: true } },
  images: { orderBy: { position: "asc" }, take: 1, select: { url: true, thumbUrl: true } },
} satisfies Prisma.ProductInclude;

function serialize(p: Prisma.ProductGetPayload<{ include: typeof include }>): AdminProductJson {
  const image = p.images[0];
  return {
    id: p.id,
    title: p.title,
    price: centsToEuro(p.priceCents),
    image: image ? (image.thumbUrl ?? image.url) : null,
    seller_id: p.sellerId,
    seller_name: p.seller.name,
    seller_email: p.seller.email,
    seller_banned: p.seller.isBanned,
    is_featured: p.isFeatured,
    is_sold: p.status === "sold",
    status: p.status,
    hidden: p.hiddenAt !== null,
    created_at: p.createdAt.toISOString(),
  };
}

/** GET /api/admin/products?skip&limit&search → {products, total}. */
export async function listAdminProducts(q: { skip: number; limit: number; search?: string }) {
  const where: Prisma.ProductWhereInput = { deletedAt: null };
  if (q.search) {
    where.OR = [
      { title: { contains: q.search, mode: "insensitive" } },
      { seller: { name: { contains: q.search, mode: "insensitive" } } },
    ];
  }
  const [rows, total] = await Promise.all([
    db.product.findMany({ where, include, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip: q.skip, take: q.limit }),
    db.product.count({ where }),
  ]);
  return { products: rows.map(serialize), total };
}

async function lockProduct(tx: Tx, id: string) {
  if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
  await tx.$queryRaw`SELECT id FROM products WHERE id = ${id}::uuid FOR UPDATE`;
  const product = await tx.product.findFirst({ where: { id, deletedAt: null }, include });
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/** PUT /api/admin/products/{id}/feature?featured=true|false. */
export async function setFeatured(admin: User, id: string, featured: boolean) {
  const product = await db.$transaction(async (tx) => {
    const before = await lockProduct(tx, id);
    const updated = await tx.product.update({ where: { id }, data: { isFeatured: featured }, include });
    if (before.isFeatured !== featured) {
      await recordAudit(tx, admin, featured ? "product.feature" : "product.unfeature", { type: "product", id },
        { is_featured: before.isFeatured, title: before.title }, { is_featured: featured });
    }
    return updated;
  });
  return { message: featured ? "Product featured!" : "Product unfeatured", product: serialize(product) };
}

/**
 * DELETE /api/admin/products/{id}: withdraws the listing and sends the seller the
 * statement of reasons. `tx` lets a report decision do it in its own transaction.
 */
export async function removeProduct(admin: User, id: string, input: RemovalInput, tx?: Tx) {
  const run = async (t: Tx) => {
    const product = await lockProduct(t, id);
    const busy = await t.order.count({ where: { productId: id, status: { in: ["pending", "held"] } } });
    if (busy > 0) throw conflict(ORDER_IN_PROGRESS, "order_in_progress");
    await t.product.update({ where: { id }, data: { deletedAt: new Date(), isFeatured: false } });
    await t.cartItem.deleteMany({ where: { productId: id } });
    await t.wishlistItem.deleteMany({ where: { productId: id } });
    await notify(t, product.sellerId, "listing.removed", {
      productTitle: product.title,
      category: input.category,
      reason: input.reason,
    });
    await publishEvent(t, product.sellerId, { type: "unread" });
    await recordAudit(t, admin, "product.remove", { type: "product", id },
      { title: product.title, seller_id: product.sellerId, status: product.status },
      { deleted: true, category: input.category, reason: input.reason });
    return product;
  };
  const product = tx ? await run(tx) : await db.$transaction(run);
  return { message: "Product deleted successfully!", id: product.id, title: product.title };
}

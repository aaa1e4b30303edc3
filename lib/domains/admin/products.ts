/**
 * Admin product management: list with search, feature or unfeature, and remove with a
 * statement of reasons (DSA art. 17) that the seller receives as a notification.
 * Removal is refused while an order for the product is unpaid or in escrow; it withdraws
 * the listing (deleted_at) and keeps the row, since orders and reports refer to it.
 */
import type { z } from "zod";
import { conflict, notFound } from "@/lib/platform/api/errors";
import { recordAudit } from "@/lib/domains/audit";
import { fetchProductRowsByIds } from "@/lib/domains/catalog";
import { serializeProduct } from "@/lib/domains/catalog";
import { isUuid } from "@/lib/platform/api/ids";
import { db, inTransaction, type Tx } from "@/lib/platform/db/client";
import type { Prisma, User } from "@/lib/platform/db/generated/client";
import { publishEvent } from "@/lib/platform/events/publish";
import { notify } from "@/lib/domains/notifications";
import { issueStatement } from "@/lib/domains/statements";
import type { AdminProductJson, adminProductsJson, featuredJson, removedProductJson } from "./responses";
import type { RemovalInput } from "./schemas";

export const PRODUCT_NOT_FOUND = "Product not found";
export const ORDER_IN_PROGRESS = "This product has an order that is unpaid or in escrow";

/** What only the admin view adds, read with the page (one query for all its rows). */
const adminSelect = {
  id: true,
  hiddenAt: true,
  seller: { select: { isBanned: true } },
} satisfies Prisma.ProductSelect;

type AdminExtras = Prisma.ProductGetPayload<{ select: typeof adminSelect }>;

/** The same visibility an admin gets on the product page: the seller's email, no exact pickup. */
const ADMIN_VISIBILITY = { sellerEmail: true, exactPickup: false };

/**
 * The admin JSON of a page of products, in the page's order: one statement for the
 * product fields (lib/domains/catalog/rows.ts, as every product list), whatever the page size.
 */
async function adminProducts(page: AdminExtras[]): Promise<AdminProductJson[]> {
  const rows = await fetchProductRowsByIds(page.map((p) => p.id));
  const extras = new Map(page.map((p) => [p.id, p]));
  return rows.map((row) => {
    const extra = extras.get(row.id)!;
    const product = serializeProduct(row, ADMIN_VISIBILITY);
    return {
      ...product,
      image: product.thumbnails[0] ?? null,
      seller_banned: extra.seller.isBanned,
      hidden: extra.hiddenAt !== null,
    };
  });
}

/** GET /api/admin/products?skip&limit&search → {products, total}. */
export async function listAdminProducts(q: { skip: number; limit: number; search?: string }): Promise<z.output<typeof adminProductsJson>> {
  const where: Prisma.ProductWhereInput = { deletedAt: null };
  if (q.search) {
    where.OR = [
      { title: { contains: q.search, mode: "insensitive" } },
      { seller: { name: { contains: q.search, mode: "insensitive" } } },
    ];
  }
  const [page, total] = await Promise.all([
    db.product.findMany({ where, select: adminSelect, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip: q.skip, take: q.limit }),
    db.product.count({ where }),
  ]);
  return { products: await adminProducts(page), total };
}

async function lockProduct(tx: Tx, id: string) {
  if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");
  await tx.$queryRaw`SELECT id FROM products WHERE id = ${id}::uuid FOR UPDATE`;
  const product = await tx.product.findFirst({
    where: { id, deletedAt: null },
    select: { id: true, title: true, sellerId: true, status: true, isFeatured: true },
  });
  if (!product) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");
  return product;
}

/** PUT /api/admin/products/{id}/feature?featured=true|false. */
export async function setFeatured(admin: User, id: string, featured: boolean): Promise<z.output<typeof featuredJson>> {
  await db.$transaction(async (tx) => {
    const before = await lockProduct(tx, id);
    await tx.product.update({ where: { id }, data: { isFeatured: featured } });
    if (before.isFeatured !== featured) {
      await recordAudit(tx, admin, featured ? "product.feature" : "product.unfeature", { type: "product", id },
        { is_featured: before.isFeatured, title: before.title }, { is_featured: featured });
    }
  });
  const [product] = await adminProducts(await db.product.findMany({ where: { id }, select: adminSelect }));
  if (!product) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");
  return { message: featured ? "Product featured!" : "Product unfeatured", product };
}

/**
 * DELETE /api/admin/products/{id}: withdraws the listing and sends the seller the
 * statement of reasons. `tx` lets a report decision do it in its own transaction.
 */
export async function removeProduct(admin: User, id: string, input: RemovalInput, tx?: Tx): Promise<z.output<typeof removedProductJson>> {
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
      reason: input.facts,
    });
    const statement = await issueStatement(t, {
      category: input.category, facts: input.facts, rule: input.rule,
      userId: product.sellerId, kind: "listing_removal", targetType: "product", targetId: id, decidedBy: admin,
    });
    await publishEvent(t, product.sellerId, { type: "unread" });
    await recordAudit(t, admin, "product.remove", { type: "product", id },
      { title: product.title, seller_id: product.sellerId, status: product.status },
      { deleted: true, category: input.category, reason: input.facts, rule: input.rule, statement_id: statement.id });
    return product;
  };
  const product = await inTransaction(tx, run);
  return { message: "Product deleted successfully!", id: product.id, title: product.title };
}

/** An appeal reversed a removal: the listing returns (in the appeal's transaction). */
export async function restoreProduct(admin: User, id: string, tx: Tx, extra: Record<string, unknown> = {}) {
  if (!isUuid(id)) return;
  const product = await tx.product.findUnique({ where: { id }, select: { deletedAt: true, status: true } });
  if (!product?.deletedAt) return;
  await tx.product.update({ where: { id }, data: { deletedAt: null } });
  await recordAudit(tx, admin, "product.restore", { type: "product", id }, { deleted: true }, { deleted: false, ...extra });
}

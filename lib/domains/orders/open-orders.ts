import { db } from "@/lib/platform/db/client";

/**
 * Which of these products have an open order (unpaid checkout or money in escrow): they
 * cannot be deleted until it ends, so the seller's dashboard says so up front.
 */
export async function productsWithOpenOrders(productIds: string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await db.order.findMany({
    where: { productId: { in: productIds }, status: { in: ["pending", "held"] } },
    select: { productId: true },
    distinct: ["productId"],
  });
  return new Set(rows.map((row) => row.productId));
}

/**
 * The signed-in viewer's own deal on a product: a paid order (held or
 * completed; the buyer bought it) or else an accepted offer whose price still holds. The
 * product page is cached for everyone (lib/domains/catalog/page-cache.ts), so it asks
 * for this in the browser (GET /api/products/{id}, `your_deal`) and shows it there; no
 * one else's copy of the page carries it.
 */
import { isUuid } from "@/lib/platform/api/ids";
import { Prisma, queryRows } from "@/lib/platform/db/client";
import { centsToEuro } from "@/lib/platform/money/cents";
import { acceptedOfferSql } from "@/lib/domains/offers";

export type ViewerDeal =
  | { kind: "bought"; order_id: string; status: string; pickup: boolean }
  | { kind: "offer"; offer_id: string; amount: number; amount_cents: number; expires_at: string }
  | null;

type DealRow = {
  order_id: string | null;
  order_status: string | null;
  delivery_method: string | null;
  offer_id: string | null;
  amount_cents: number | null;
  expires_at: Date | null;
};

/**
 * One statement on the primary (the buyer sees their payment at once): the latest paid
 * order, and the latest accepted offer whose price still holds (lib/domains/offers says
 * which). The product page asks for this on every view.
 */
export async function viewerDeal(userId: string, productId: string, now: Date = new Date()): Promise<ViewerDeal> {
  if (!isUuid(productId)) return null;
  const [row] = await queryRows<DealRow>(Prisma.sql`
    SELECT o.id AS order_id, o.status::text AS order_status, o.delivery_method::text AS delivery_method,
           f.id AS offer_id, f.amount_cents, f.expires_at
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT id, status, delivery_method FROM orders
      WHERE buyer_id = ${userId}::uuid AND product_id = ${productId}::uuid AND status IN ('held', 'completed')
      ORDER BY created_at DESC LIMIT 1
    ) AS o ON true
    LEFT JOIN LATERAL (${acceptedOfferSql(userId, productId, now)}) AS f ON true`);
  if (row?.order_id) return { kind: "bought", order_id: row.order_id, status: row.order_status!, pickup: row.delivery_method === "pickup" };
  if (!row?.offer_id) return null;
  const amountCents = row.amount_cents!;
  return { kind: "offer", offer_id: row.offer_id, amount: centsToEuro(amountCents), amount_cents: amountCents, expires_at: row.expires_at!.toISOString() };
}

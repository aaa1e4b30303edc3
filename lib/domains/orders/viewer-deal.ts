/**
 * The signed-in viewer's own deal on a product (issue 29 item 8): a paid order (held or
 * completed; the buyer bought it) or else an accepted offer whose price still holds. The
 * product page is cached for everyone (lib/domains/catalog/page-cache.ts), so it asks
 * for this in the browser (GET /api/products/{id}, `your_deal`) and shows it there; no
 * one else's copy of the page carries it.
 */
import { isUuid } from "@/lib/platform/api/ids";
import { db } from "@/lib/platform/db/client";
import { centsToEuro } from "@/lib/platform/money/cents";
import { acceptedOfferOf } from "@/lib/domains/offers";

export type ViewerDeal =
  | { kind: "bought"; order_id: string; status: string; pickup: boolean }
  | { kind: "offer"; offer_id: string; amount: number; amount_cents: number; expires_at: string }
  | null;

export async function viewerDeal(userId: string, productId: string, now: Date = new Date()): Promise<ViewerDeal> {
  if (!isUuid(productId)) return null;
  const order = await db.order.findFirst({
    where: { buyerId: userId, productId, status: { in: ["held", "completed"] } },
    orderBy: { createdAt: "desc" },
    select: { id: true, status: true, deliveryMethod: true },
  });
  if (order) return { kind: "bought", order_id: order.id, status: order.status, pickup: order.deliveryMethod === "pickup" };
  const offer = await acceptedOfferOf(userId, productId, now);
  if (!offer) return null;
  return { kind: "offer", offer_id: offer.id, amount: centsToEuro(offer.amountCents), amount_cents: offer.amountCents, expires_at: offer.expiresAt.toISOString() };
}

/**
 * Price drops of saved products (Vinted and Marktplaats users rely on
 * it): when a seller lowers the price, everyone who saved the product gets one
 * notification, and the product JSON carries the old price (struck through on cards)
 * for 7 days (price-drop-view.ts). Runs inside the edit's transaction.
 */
import type { Tx } from "@/lib/platform/db/client";
import { notify } from "@/lib/domains/notifications";
import { PRICE_DROP_SHOWN_DAYS } from "./price-drop-view";

export type PriceBefore = { priceCents: number; previousPriceCents: number | null; priceDroppedAt: Date | null };

/** Locks the product row and reads its price before an edit changes it. */
export async function lockPriceBefore(tx: Tx, productId: string): Promise<PriceBefore | null> {
  const rows = await tx.$queryRaw<{ price_cents: number; previous_price_cents: number | null; price_dropped_at: Date | null }[]>`
    SELECT price_cents, previous_price_cents, price_dropped_at FROM products WHERE id = ${productId}::uuid FOR UPDATE`;
  const row = rows[0];
  return row ? { priceCents: row.price_cents, previousPriceCents: row.previous_price_cents, priceDroppedAt: row.price_dropped_at } : null;
}

/**
 * After the edit wrote `newCents`: a lower price records the drop (keeping a higher old
 * price still on show, so two small cuts show the whole reduction) and tells every saver
 * once; a price at or above the struck-through one clears it.
 */
export async function applyPriceChange(
  tx: Tx,
  productId: string,
  productTitle: string,
  before: PriceBefore | null,
  newCents: number,
  now: Date = new Date(),
): Promise<number> {
  if (!before) return 0;
  const stillShown =
    before.previousPriceCents !== null &&
    before.priceDroppedAt !== null &&
    now.getTime() - before.priceDroppedAt.getTime() < PRICE_DROP_SHOWN_DAYS * 24 * 60 * 60 * 1000
      ? before.previousPriceCents
      : null;
  if (newCents >= before.priceCents) {
    if (before.previousPriceCents !== null && (stillShown === null || newCents >= stillShown)) {
      await tx.product.update({ where: { id: productId }, data: { previousPriceCents: null, priceDroppedAt: null } });
    }
    return 0;
  }
  const previous = Math.max(before.priceCents, stillShown ?? 0);
  await tx.product.update({ where: { id: productId }, data: { previousPriceCents: previous, priceDroppedAt: now } });
  const savers = await tx.wishlistItem.findMany({ where: { productId }, select: { userId: true } });
  for (const { userId } of savers) {
    await notify(tx, userId, "price.drop", {
      productId,
      productTitle,
      oldPriceCents: before.priceCents,
      newPriceCents: newCents,
    });
  }
  return savers.length;
}

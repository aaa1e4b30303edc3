/** What the buyer was shown, and the 409 when a checkout would charge more (docs/payments.md "The price the buyer saw"). */
import { AppError } from "@/lib/platform/api/errors";
import { centsToEuro } from "@/lib/platform/money/cents";

/**
 * What the buyer was shown, in cents: item prices (by product id) and the total with
 * the fees. The checkout charges no more than that; a higher price is refused (409
 * `price_changed`) with the prices that hold now, so the buyer is asked first.
 */
export type ShownPrices = { items?: ReadonlyMap<string, number>; totalCents?: number };

/** ShownPrices of a one-product checkout's optional expected_price / expected_total. */
export function shownPrices(productId: string, priceCents: number | undefined, totalCents: number | undefined): ShownPrices {
  return { items: priceCents === undefined ? undefined : new Map([[productId.trim(), priceCents]]), totalCents };
}

/** ShownPrices of a cart checkout's optional expected_prices {product_id: cents} / expected_total. */
export function shownCartPrices(prices: Record<string, number | undefined> | undefined, totalCents: number | undefined): ShownPrices {
  const items = new Map<string, number>();
  for (const [id, cents] of Object.entries(prices ?? {})) if (cents !== undefined) items.set(id, cents);
  return { items, totalCents };
}

export const PRICE_CHANGED = "The price has changed since you looked. Please check the new price and try again.";

/**
 * Refuses (409 `price_changed`) when an item would cost more than the buyer was shown,
 * or the total would be higher than the total shown. A lower price is charged as it is:
 * an accepted offer lowers it, and the provider's page shows the amount before paying.
 * The answer carries the prices that hold now, so the client can show them.
 */
export function refuseHigherThanShown(
  priced: { id: string; title: string; price_cents: number; commission: number }[],
  totalCents: number,
  shown: ShownPrices,
): void {
  const raised = priced.filter((p) => {
    const seen = shown.items?.get(p.id);
    return seen !== undefined && p.price_cents > seen;
  });
  const totalRaised = shown.totalCents !== undefined && totalCents > shown.totalCents;
  if (raised.length === 0 && !totalRaised) return;
  throw new AppError("conflict", PRICE_CHANGED, {
    code: "price_changed",
    extra: {
      items: priced.map((p) => ({
        product_id: p.id,
        title: p.title,
        price: centsToEuro(p.price_cents),
        commission: centsToEuro(p.commission),
        shown_price: shown.items?.has(p.id) ? centsToEuro(shown.items.get(p.id)!) : null,
      })),
      total: centsToEuro(totalCents),
      shown_total: shown.totalCents === undefined ? null : centsToEuro(shown.totalCents),
    },
  });
}


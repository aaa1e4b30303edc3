/**
 * The platform fee (docs/payments.md): 5 % of each item's price, rounded half up
 * to the cent, paid by the buyer on top of the price. The platform keeps it; the seller
 * receives the price.
 */
export const FEE_PERCENT = 5;

/** `round(price_cents * 5 / 100)`, half up, in integer arithmetic (no float error). */
export function commissionCents(priceCents: number): number {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) throw new RangeError(`bad price: ${priceCents}`);
  return Math.floor((priceCents * FEE_PERCENT + 50) / 100);
}

/** What one item costs the buyer: the price plus its fee. */
export function itemTotalCents(priceCents: number): number {
  return priceCents + commissionCents(priceCents);
}

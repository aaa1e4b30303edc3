/**
 * How a price drop shows in product JSON: the old price struck through for 7 days after
 * the seller lowered it (`previous_price`, euros; null otherwise). Pure: the catalogue's
 * serializer calls it for every product.
 */
export const PRICE_DROP_SHOWN_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

type DropSource = { price_cents: number; previous_price_cents: number | null; price_dropped_at: Date | null };

export function priceDropOf(row: DropSource, now: Date = new Date()) {
  const shown =
    row.previous_price_cents !== null &&
    row.price_dropped_at !== null &&
    row.previous_price_cents > row.price_cents &&
    now.getTime() - row.price_dropped_at.getTime() < PRICE_DROP_SHOWN_DAYS * DAY_MS;
  return {
    previous_price: shown ? row.previous_price_cents! / 100 : null,
    price_dropped_at: shown ? row.price_dropped_at!.toISOString() : null,
  };
}

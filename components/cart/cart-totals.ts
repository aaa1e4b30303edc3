/**
 * The cart's order summary: subtotal, the 5 % platform fee and
 * the total, over the items that can still be bought. The API gives each item's price
 * and fee in euros (the fee already rounded per item, docs/payments.md); sums are
 * taken in cents so the total is exact to the cent. Pure.
 */
import type { CartItem } from "@/components/payments/checkout-client";

export type CartTotals = {
  /** Items that count (available). */
  count: number;
  /** Items that are sold or reserved by someone else: shown, not counted. */
  unavailableCount: number;
  subtotalCents: number;
  feeCents: number;
  totalCents: number;
};

const toCents = (euros: number) => Math.round(euros * 100);

export function cartTotals(items: readonly CartItem[]): CartTotals {
  let subtotalCents = 0;
  let feeCents = 0;
  let count = 0;
  for (const { product } of items) {
    if (!product.available) continue;
    count += 1;
    subtotalCents += toCents(product.price);
    feeCents += toCents(product.commission);
  }
  return {
    count,
    unavailableCount: items.length - count,
    subtotalCents,
    feeCents,
    totalCents: subtotalCents + feeCents,
  };
}

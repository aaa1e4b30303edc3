/**
 * Money is integer cents everywhere; euros only at the JSON boundary (docs/api.md:
 * `price` is euros with at most 2 decimals).
 */

/**
 * Euros to integer cents, or null when the amount has more than two decimals. Tolerates
 * binary noise like 0.1 + 0.2 (0.30000000000000004), which is still 30 cents.
 */
export function euroToCents(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const cents = Math.round(value * 100);
  return Math.abs(value * 100 - cents) < 1e-6 ? cents : null;
}

/** Cents to euros for JSON. */
export function centsToEuro(cents: number): number {
  return cents / 100;
}

/** The Stripe `transfer_group` of a checkout: its charge and the payouts from it. */
export function transferGroupOf(checkoutId: string): string {
  return `checkout_${checkoutId}`;
}

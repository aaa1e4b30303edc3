/**
 * "This tab changed the cart" (added, removed, checked out): the header's count listens
 * (use-cart-count.ts). Its own module, so the product page's buttons announce a change
 * without carrying the count's hook.
 */

/** Fired on window when this tab changes the cart. */
export const CART_CHANGED_EVENT = "kringwaar:cart-changed";

export function announceCartChanged(): void {
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

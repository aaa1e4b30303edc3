/**
 * How low a buyer may go: the seller's minimum offer when they set
 * one, otherwise half the asking price. Pure; the service applies it to a buyer's offer
 * (from the listing or in the chat) and to a buyer's counter-offer, never to the seller's
 * own counters. The minimum itself is never told to the buyer: the refusal only says the
 * offer is too low (as Vinted does).
 */

/** Without a minimum of the seller's, offers under this share of the price are refused. */
export const DEFAULT_MIN_OFFER_SHARE = 0.5;

/** The lowest amount (cents) a buyer's offer may have on a product. */
export function lowestOfferCents(priceCents: number, minOfferCents: number | null): number {
  return minOfferCents ?? Math.ceil(priceCents * DEFAULT_MIN_OFFER_SHARE);
}

export function isOfferTooLow(amountCents: number, priceCents: number, minOfferCents: number | null): boolean {
  return amountCents < lowestOfferCents(priceCents, minOfferCents);
}

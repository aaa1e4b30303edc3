/**
 * The offer state machine ("bieden", docs/messaging.md), as pure rules in the style
 * of lib/domains/orders/states.ts: which action is allowed in which state, and for whom. The
 * service asks `decide()` first and then changes the row conditionally on the same
 * status, so a concurrent change turns into a 409, never a double effect.
 *
 * An offer is made by the buyer (an offer) or by the seller (a counter-offer). The
 * party who did NOT make it accepts, declines or counters it; the party who made it may
 * withdraw it while pending; the system expires it after 48 hours.
 *
 *   pending  -> accepted | declined | countered | withdrawn | expired
 *   accepted, declined, countered, withdrawn, expired: final
 */
import type { OfferStatus } from "@/lib/platform/db/generated/client";

export const OFFER_STATUSES = ["pending", "accepted", "declined", "countered", "withdrawn", "expired"] as const satisfies readonly OfferStatus[];

export type OfferAction = "accept" | "decline" | "counter" | "withdraw" | "expire";
export const OFFER_ACTIONS: readonly OfferAction[] = ["accept", "decline", "counter", "withdraw", "expire"];

export type OfferParty = "buyer" | "seller";
/** Who asks, relative to the offer: the party who made it, the other party, the system, anyone else. */
export type OfferActor = "maker" | "recipient" | "system" | "other";

export type OfferDecision = "ok" | "forbidden" | "conflict";

const WHO: Record<OfferAction, OfferActor> = {
  accept: "recipient",
  decline: "recipient",
  counter: "recipient",
  withdraw: "maker",
  expire: "system",
};

/** The actor for a user: maker, recipient (the other participant) or other. */
export function actorOf(offer: { madeBy: OfferParty; buyerId: string; sellerId: string }, userId: string): OfferActor {
  const party: OfferParty | null = userId === offer.buyerId ? "buyer" : userId === offer.sellerId ? "seller" : null;
  if (!party) return "other";
  return party === offer.madeBy ? "maker" : "recipient";
}

/** May `actor` take `action` on an offer in `status`? Who is asked first, then when. */
export function decideOffer(status: OfferStatus, action: OfferAction, actor: OfferActor): OfferDecision {
  if (WHO[action] !== actor) return "forbidden";
  return status === "pending" ? "ok" : "conflict";
}

/** The status an allowed action leads to (a counter also creates a new pending offer). */
export function nextOfferStatus(action: OfferAction): OfferStatus {
  switch (action) {
    case "accept":
      return "accepted";
    case "decline":
      return "declined";
    case "counter":
      return "countered";
    case "withdraw":
      return "withdrawn";
    case "expire":
      return "expired";
  }
}

/** Actions a participant may take on the offer now (the UI shows these buttons). */
export function availableOfferActions(status: OfferStatus, actor: "maker" | "recipient"): OfferAction[] {
  return OFFER_ACTIONS.filter((action) => decideOffer(status, action, actor) === "ok");
}

/** Pending offers expire after 48 hours; an accepted offer's price holds 48 hours. */
export const OFFER_HOURS = { pending: 48, acceptedHold: 48 } as const;
export const HOUR_MS = 60 * 60 * 1000;

/** The event the other party is notified of after an action. */
export const OFFER_EVENT = {
  accept: "offer.accepted",
  decline: "offer.declined",
  counter: "offer.countered",
  withdraw: "offer.withdrawn",
  expire: "offer.expired",
} as const satisfies Record<OfferAction, string>;

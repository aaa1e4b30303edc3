/**
 * The order state machine (docs/payments.md), as pure rules:
 * which action is allowed in which state, and for whom. No I/O; the services ask
 * `decide()` before every change and make the change conditional on the same state in
 * the database, so a concurrent change turns into a 409, never a double effect. Each
 * service writes the state its action leads to itself (lib/domains/orders/service.ts,
 * returns.ts, jobs.ts), in the same conditional update.
 *
 * States are (status, delivery_status):
 *   pending                 checkout open, product reserved
 *   held + pending          paid, money in escrow, waiting for the handover
 *   held + confirmed        handed over; auto_release_at = confirmation + 3 days
 *   held + disputed         the buyer raised a dispute; an admin decides
 *   completed               the seller was paid
 *   cancelled               never paid (cancelled, expired or failed)
 *   refunded                paid and refunded (in full, or all but what the parcel kept)
 *
 * A return (docs/returns.md) runs while the order stays held: `returnStatus` says where
 * it is; the order is decided when it closes.
 */
import type { DeliveryStatus, OrderStatus, ReturnStatus, ShipmentStatus } from "@/lib/platform/db/generated/client";

export const ORDER_STATUSES = ["pending", "held", "completed", "cancelled", "refunded"] as const satisfies readonly OrderStatus[];
export const DELIVERY_STATUSES = ["pending", "confirmed", "disputed"] as const satisfies readonly DeliveryStatus[];

/**
 * A shipped order (docs/shipping.md) also knows its parcel's tracking status and whether
 * the buyer's claim window (48 hours from the delivery scan) is still open. Without
 * `delivery` an order is a pickup.
 */
export type OrderState = {
  status: OrderStatus;
  deliveryStatus: DeliveryStatus;
  delivery?: "pickup" | "shipping";
  shipment?: ShipmentStatus | null;
  claimOpen?: boolean;
  /** The order's return, if it has one. */
  returnStatus?: ReturnStatus | null;
  /** The seller's partial refund offer waits for the buyer. */
  partialOffer?: boolean;
  /** The seller's inspection of a delivered return is still open. */
  inspectOpen?: boolean;
  /** A consumer may still withdraw (a business seller's order, received less than 14 days ago). */
  withdrawalOpen?: boolean;
};

/** Who asks: the order's buyer, its seller, an admin, the system (webhooks, the job), or anyone else. */
export type Actor = "buyer" | "seller" | "admin" | "system" | "other";

export type OrderAction =
  // buyer
  | "cancel"
  | "confirm_delivery"
  | "dispute"
  | "accept_partial_refund"
  | "refuse_partial_refund"
  | "withdraw"
  // seller
  | "handover"
  | "seller_cancel"
  | "create_shipment"
  | "accept_return_request"
  | "offer_partial_refund"
  | "accept_return"
  | "report_return_problem"
  // admin
  | "resolve_refund"
  | "resolve_release"
  | "resolve_return"
  // system
  | "pay"
  | "expire"
  | "auto_refund"
  | "release";

type Rule = { actor: Actor; allowed: (s: OrderState) => boolean };

const noReturn = (s: OrderState) => !s.returnStatus;
const handoverDue = (s: OrderState) => s.status === "held" && s.deliveryStatus === "pending" && noReturn(s);
/** A dispute no one has decided yet: an admin, or the parties themselves. */
const openDispute = (s: OrderState) => s.status === "held" && s.deliveryStatus === "disputed" && noReturn(s);
/** A dispute an admin decides: still open, or a return the seller reported a problem with. */
const adminDecides = (s: OrderState) => s.status === "held" && s.deliveryStatus === "disputed" && (noReturn(s) || s.returnStatus === "disputed");
const inspecting = (s: OrderState) => s.status === "held" && s.returnStatus === "delivered" && s.inspectOpen !== false;
const shipped = (s: OrderState) => s.delivery === "shipping";
/** The carrier has the parcel or delivered it: the buyer can judge it. */
const onItsWay = (s: OrderState) => s.shipment === "in_transit" || s.shipment === "delivered";

export const RULES: Record<OrderAction, Rule> = {
  cancel: { actor: "buyer", allowed: (s) => s.status === "pending" },
  // A parcel: once the carrier has it, and a problem only while the claim window is open.
  confirm_delivery: { actor: "buyer", allowed: (s) => handoverDue(s) && (!shipped(s) || onItsWay(s)) },
  dispute: { actor: "buyer", allowed: (s) => handoverDue(s) && (!shipped(s) || (onItsWay(s) && s.claimOpen !== false)) },
  // A parcel has no pickup code.
  handover: { actor: "seller", allowed: (s) => handoverDue(s) && !shipped(s) },
  // The seller may cancel a parcel until the carrier has scanned it.
  seller_cancel: { actor: "seller", allowed: (s) => handoverDue(s) && (!shipped(s) || !s.shipment || s.shipment === "label_created") },
  // Repeating it returns the same shipment (lib/domains/shipping/shipments.ts).
  create_shipment: { actor: "seller", allowed: (s) => handoverDue(s) && shipped(s) },
  // The parties settle a dispute themselves: a return the seller accepts, or a partial refund.
  accept_return_request: { actor: "seller", allowed: openDispute },
  offer_partial_refund: { actor: "seller", allowed: openDispute },
  accept_partial_refund: { actor: "buyer", allowed: (s) => openDispute(s) && s.partialOffer === true },
  refuse_partial_refund: { actor: "buyer", allowed: (s) => openDispute(s) && s.partialOffer === true },
  // The returned item arrived: the seller has 48 hours to accept it or report a problem.
  accept_return: { actor: "seller", allowed: inspecting },
  report_return_problem: { actor: "seller", allowed: inspecting },
  // Received (handed over, or delivered by the carrier), not yet paid out, no return yet.
  withdraw: {
    actor: "buyer",
    allowed: (s) =>
      s.status === "held" && noReturn(s) && s.withdrawalOpen === true && (s.deliveryStatus === "confirmed" || (s.deliveryStatus === "pending" && s.shipment === "delivered")),
  },
  resolve_refund: { actor: "admin", allowed: adminDecides },
  resolve_release: { actor: "admin", allowed: adminDecides },
  resolve_return: { actor: "admin", allowed: openDispute },
  pay: { actor: "system", allowed: (s) => s.status === "pending" },
  expire: { actor: "system", allowed: (s) => s.status === "pending" },
  // The 14 days without a handover are for pickups; a parcel has its ship-by date.
  auto_refund: { actor: "system", allowed: (s) => handoverDue(s) && !shipped(s) },
  release: { actor: "system", allowed: (s) => s.status === "held" && s.deliveryStatus === "confirmed" },
};

export const ORDER_ACTIONS = Object.keys(RULES) as OrderAction[];

export type Decision = "ok" | "forbidden" | "conflict";

/** May `actor` take `action` on an order in `state`? Who is asked first, then when. */
export function decide(state: OrderState, action: OrderAction, actor: Actor): Decision {
  const rule = RULES[action];
  if (rule.actor !== actor) return "forbidden";
  return rule.allowed(state) ? "ok" : "conflict";
}

/** Actions the buyer or seller of an order may take now (the UI shows these buttons). */
export function availableActions(state: OrderState, actor: "buyer" | "seller"): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => decide(state, action, actor) === "ok" && !(action === "create_shipment" && state.shipment));
}

/** Days and periods of the escrow (docs/payments.md). */
export const ESCROW = {
  /** Payout after the handover is confirmed. */
  releaseAfterDays: 3,
  /** A business seller's payout waits until the buyer's withdrawal period has passed. */
  withdrawalDays: 14,
  /** Both parties are reminded when no handover happened after this many days. */
  reminderAfterDays: 5,
  /** No handover this long after payment: automatic full refund. */
  refundAfterDays: 14,
  /** How long a checkout may stay open (Stripe's minimum `expires_at`). */
  checkoutMinutes: 30,
  /** A reservation outlives its checkout by this much, for payments in flight. */
  reservationGraceMinutes: 5,
} as const;

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a confirmed order's seller is paid (docs/returns.md): 3 days after the
 * confirmation; for a business seller not before the 14 days the buyer may withdraw,
 * counted from the receipt (the delivery scan or the confirmed handover).
 */
export function releaseAt(confirmedAt: Date, receivedAt: Date | null, businessSeller: boolean): Date {
  const afterConfirmation = confirmedAt.getTime() + ESCROW.releaseAfterDays * DAY_MS;
  if (!businessSeller) return new Date(afterConfirmation);
  const afterWithdrawal = (receivedAt ?? confirmedAt).getTime() + ESCROW.withdrawalDays * DAY_MS;
  return new Date(Math.max(afterConfirmation, afterWithdrawal));
}

/**
 * The shipping rules in one place (docs/shipping.md): pure, no
 * I/O. How long the seller has to ship, how long the buyer has to report a problem after
 * the delivery scan, and which tracking step may follow which. Counting working days is
 * in ./working-days.ts: its holiday tables are server code, and the forms import this
 * file through ./schemas.ts.
 */
import type { ShipmentStatus } from "./providers/types";

export const SHIPPING = {
  /** The seller ships within this many working days (Monday to Friday) of the payment. */
  shipWithinWorkingDays: 5,
  /** The seller is reminded this many working days before ship_by. */
  remindWorkingDaysBefore: 1,
  /** After the carrier's delivery scan the buyer has this long to report a problem. */
  claimHours: 48,
  /** Photos with a reported problem, at most. */
  maxDisputePhotos: 5,
} as const;

/** The periods of a return (docs/returns.md). */
export const RETURNS = {
  /** The buyer hands the return in within this many working days of its label. */
  handInWorkingDays: 5,
  /** The seller inspects a returned item for this long after its delivery scan. */
  inspectHours: 48,
  /** A consumer may withdraw from a business seller's sale this long after receiving it. */
  withdrawalDays: 14,
  /** Reminders go out this many hours before hand_in_by and inspect_until. */
  remindHoursBefore: 24,
} as const;

export const DELIVERY_METHODS = ["pickup", "shipping"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** Tracking steps in their order; returned and lost end a parcel that was not delivered. */
const RANK: Record<ShipmentStatus, number> = { label_created: 0, in_transit: 1, delivered: 2, returned: 3, lost: 3 };

/**
 * May a parcel at `current` move to `next`? Never back (in_transit after delivered is
 * ignored), never twice, and a delivered parcel is not returned or lost afterwards (a
 * return after delivery is a new parcel, handled as a dispute).
 */
export function canAdvance(current: ShipmentStatus | null, next: ShipmentStatus): boolean {
  if (current === null) return next === "label_created";
  if (current === "delivered" || current === "returned" || current === "lost") return false;
  return RANK[next] > RANK[current];
}


export const claimUntil = (deliveredAt: Date) => new Date(deliveredAt.getTime() + SHIPPING.claimHours * 60 * 60 * 1000);

/**
 * The shipping rules in one place (DECISIONS.md section 11, docs/shipping.md): pure, no
 * I/O. How long the seller has to ship, how long the buyer has to report a problem after
 * the delivery scan, and which tracking step may follow which.
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

/** The buyer can no longer get the item: the order is refunded in full. */
export const REFUNDING_STATUSES: readonly ShipmentStatus[] = ["returned", "lost"];

/** Has the carrier scanned the parcel (it left the seller)? */
export const isScanned = (status: ShipmentStatus | null) => status !== null && status !== "label_created";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `from` plus `days` working days (Monday to Friday, counted in Dutch time; public
 * holidays are not skipped). The time of day is kept: paid Friday 14:00 → ship by the
 * next Friday 14:00.
 */
export function addWorkingDays(from: Date, days: number): Date {
  let at = from.getTime();
  let left = days;
  const step = days >= 0 ? 1 : -1;
  while (left !== 0) {
    at += step * DAY_MS;
    if (!isWeekend(new Date(at))) left -= step;
  }
  // Landing on a weekend (only when days is 0 and from is one): move to Monday.
  while (isWeekend(new Date(at))) at += DAY_MS;
  return new Date(at);
}

function isWeekend(at: Date): boolean {
  const day = new Intl.DateTimeFormat("en-GB", { weekday: "short", timeZone: "Europe/Amsterdam" }).format(at);
  return day === "Sat" || day === "Sun";
}

export const claimUntil = (deliveredAt: Date) => new Date(deliveredAt.getTime() + SHIPPING.claimHours * 60 * 60 * 1000);

/**
 * The shipping rules in one place (docs/shipping.md): pure, no
 * I/O. How long the seller has to ship, how long the buyer has to report a problem after
 * the delivery scan, and which tracking step may follow which.
 */
import Holidays from "date-holidays";
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


const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `from` plus `days` working days (Monday to Friday, counted in Dutch time, skipping the
 * Dutch public holidays: see `isHoliday`). The time of day is kept: paid Friday 14:00 →
 * ship by the next Friday 14:00.
 */
export function addWorkingDays(from: Date, days: number): Date {
  let at = from.getTime();
  let left = days;
  const step = days >= 0 ? 1 : -1;
  while (left !== 0) {
    at += step * DAY_MS;
    if (!isDayOff(new Date(at))) left -= step;
  }
  // Landing on a day off (only when days is 0 and from is one): move to the next working day.
  while (isDayOff(new Date(at))) at += DAY_MS;
  return new Date(at);
}

function isDayOff(at: Date): boolean {
  const day = new Intl.DateTimeFormat("en-GB", { weekday: "short", timeZone: "Europe/Amsterdam" }).format(at);
  return day === "Sat" || day === "Sun" || isHoliday(at);
}

let calendar: Holidays | null = null;
const holidaysByYear = new Map<number, Set<string>>();

/**
 * The days the Algemene termijnenwet does not count: New Year's Day, Easter and Whit
 * Monday, King's Day, Liberation Day (5 May, every year), Ascension Day and both
 * Christmas days. Taken from the date-holidays library's Dutch calendar (its `public`
 * days; it files Liberation Day under `school`, so that one is added by its date).
 */
export function isHoliday(at: Date): boolean {
  const date = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "Europe/Amsterdam" }).format(at);
  const year = Number(date.slice(0, 4));
  let days = holidaysByYear.get(year);
  if (!days) {
    calendar ??= new Holidays("NL");
    const list = (calendar.getHolidays(year) || []).filter((h) => h.type === "public").map((h) => h.date.slice(0, 10));
    days = new Set([...list, `${year}-05-05`]);
    holidaysByYear.set(year, days);
  }
  return days.has(date);
}

export const claimUntil = (deliveredAt: Date) => new Date(deliveredAt.getTime() + SHIPPING.claimHours * 60 * 60 * 1000);

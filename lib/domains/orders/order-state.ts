/**
 * What the state machine (./states.ts) needs to know of an order beyond its two
 * statuses: its parcel, its return, its seller's kind and its deadlines; and the two
 * rules that read the database around it: when the seller is paid, and whether a refund
 * leaves the shipping with its parcel (docs/returns.md).
 */
import type { Tx } from "@/lib/platform/db/client";
import type { Order, Parcel, Return } from "@/lib/platform/db/generated/client";
import { RETURNS, stateOfParcel } from "@/lib/domains/shipping";
import { DAY_MS, releaseAt, type OrderState } from "./states";

export const withParcel = {
  parcel: { select: { status: true, claimUntil: true, deliveredAt: true } },
  return: { select: { status: true, inspectUntil: true } },
  seller: { select: { isBusinessSeller: true } },
} as const;

type StateSource = Pick<Order, "status" | "deliveryStatus" | "deliveryMethod" | "deliveryConfirmedAt" | "partialRefundOfferCents"> & {
  parcel: Pick<Parcel, "status" | "claimUntil" | "deliveredAt"> | null;
  return: Pick<Return, "status" | "inspectUntil"> | null;
  seller: { isBusinessSeller: boolean };
};

export type OrderRow = Order & StateSource;

/** When the buyer received the item: the carrier's delivery scan, or the confirmed handover. */
export function receivedAt(order: Pick<StateSource, "deliveryMethod" | "deliveryConfirmedAt" | "parcel">): Date | null {
  return order.deliveryMethod === "shipping" ? (order.parcel?.deliveredAt ?? order.deliveryConfirmedAt) : order.deliveryConfirmedAt;
}

/** The last moment a consumer may withdraw from a business seller's sale; null for a private seller or before receipt. */
export function withdrawalUntil(order: Pick<StateSource, "deliveryMethod" | "deliveryConfirmedAt" | "parcel" | "seller">): Date | null {
  const received = receivedAt(order);
  if (!order.seller.isBusinessSeller || !received) return null;
  return new Date(received.getTime() + RETURNS.withdrawalDays * DAY_MS);
}

export function stateOf(order: StateSource, now: Date = new Date()): OrderState {
  const until = withdrawalUntil(order);
  return {
    status: order.status,
    deliveryStatus: order.deliveryStatus,
    ...stateOfParcel(order, now),
    returnStatus: order.return?.status ?? null,
    partialOffer: order.partialRefundOfferCents !== null,
    inspectOpen: order.return?.inspectUntil ? order.return.inspectUntil > now : true,
    withdrawalOpen: until !== null && until > now,
  };
}

/** When the seller of an order confirmed at `confirmedAt` is paid (business sellers after the withdrawal period). */
export async function payoutDate(tx: Tx, order: Pick<Order, "id">, confirmedAt: Date): Promise<Date> {
  const row = await tx.order.findUniqueOrThrow({ where: { id: order.id }, select: { deliveryMethod: true, deliveryConfirmedAt: true, ...withParcel } });
  return releaseAt(confirmedAt, receivedAt({ ...row, deliveryConfirmedAt: row.deliveryConfirmedAt ?? confirmedAt }), row.seller.isBusinessSeller);
}

/**
 * Shipping belongs to the parcel: refunding one item of a parcel whose other items stay
 * bought gives back no shipping; the shipping this order carried stays in the ledger.
 */
export async function keptShippingOf(tx: Tx, order: Pick<Order, "id" | "parcelId" | "shippingCents">): Promise<number> {
  if (!order.parcelId || order.shippingCents === 0) return 0;
  const others = await tx.order.count({ where: { parcelId: order.parcelId, id: { not: order.id }, status: { in: ["held", "completed"] } } });
  return others > 0 ? order.shippingCents : 0;
}

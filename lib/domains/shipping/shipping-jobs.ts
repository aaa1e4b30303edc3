/**
 * The escrow's scheduled work for parcels (docs/shipping.md), run with the other order
 * jobs: the seller's reminder one working day before ship_by, the full refund when
 * ship_by passes without a carrier scan, and the automatic confirmation when the buyer's
 * claim window ends in silence (the payout then follows 3 days later, as for pickups).
 * Each change is conditional on the state it expects, so overlapping runs act once.
 */
import { db } from "@/lib/platform/db/client";
import type { Job } from "@/lib/platform/jobs";
import { log } from "@/lib/platform/log";
import { notify } from "@/lib/domains/notifications";
import { DAY_MS, escrow } from "./escrow";
import { SHIPPING } from "./rules";
import { addWorkingDays } from "./working-days";
import { lockParcel, refundParcelOrders } from "./shipment-events";

const BATCH = 200;
/** Not yet scanned by the carrier: no label, or a label that was never handed in. */
const unscanned = { OR: [{ status: null }, { status: "label_created" as const }] };
const inEscrow = { orders: { some: { status: "held" as const, deliveryStatus: "pending" as const } } };

export const shippingJobs = [
  { name: "orders.ship-by-reminders", run: async (now) => ({ ship_by_reminders: await remindShipBy(now) }) },
  { name: "orders.ship-by-expired", run: async (now) => ({ ship_by_refunds: await refundUnshipped(now) }) },
  { name: "orders.claim-window-ended", run: async (now) => ({ auto_confirmed: await confirmSilentDeliveries(now) }) },
] as const satisfies readonly Job[];

async function remindShipBy(now: Date): Promise<number> {
  // ship_by is at most a weekend and the Christmas days after "one working day before" it.
  const candidates = await db.parcel.findMany({
    where: { ...unscanned, ...inEscrow, shipByReminderAt: null, shipBy: { gt: now, lte: new Date(now.getTime() + 6 * DAY_MS) } },
    take: BATCH,
  });
  let sent = 0;
  for (const parcel of candidates) {
    if (addWorkingDays(parcel.shipBy!, -SHIPPING.remindWorkingDaysBefore) > now) continue;
    const done = await escrow().transaction(async (tx) => {
      const claimed = await tx.parcel.updateMany({ where: { id: parcel.id, shipByReminderAt: null }, data: { shipByReminderAt: now } });
      if (claimed.count === 0) return false;
      const orders = await tx.order.findMany({ where: { parcelId: parcel.id, status: "held", deliveryStatus: "pending" }, include: { product: { select: { title: true } } } });
      for (const order of orders) {
        await notify(tx, order.sellerId, "shipping.ship_by_reminder", { orderId: order.id, productTitle: order.product.title, shipByAt: parcel.shipBy!.toISOString() });
      }
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}

async function refundUnshipped(now: Date): Promise<number> {
  const due = await db.parcel.findMany({ where: { ...unscanned, ...inEscrow, shipBy: { lte: now } }, select: { id: true }, take: BATCH });
  let refunded = 0;
  for (const { id } of due) {
    try {
      const orderIds = await escrow().transaction(async (tx) => {
        const parcel = await lockParcel(tx, id);
        if (!parcel || (parcel.status !== null && parcel.status !== "label_created")) return [];
        return refundParcelOrders(tx, id, now, { relist: true, event: "shipping.not_shipped", including: ["pending"] });
      });
      for (const orderId of orderIds) await escrow().executeRefund(orderId);
      refunded += orderIds.length;
    } catch (error) {
      log().error({ err: error, parcelId: id }, "could not refund an unshipped parcel");
    }
  }
  return refunded;
}

async function confirmSilentDeliveries(now: Date): Promise<number> {
  const due = await db.order.findMany({
    where: { status: "held", deliveryStatus: "pending", deliveryMethod: "shipping", parcel: { status: "delivered", claimUntil: { lte: now } }, return: { is: null } },
    include: { product: { select: { title: true } } },
    take: BATCH,
  });
  let confirmed = 0;
  for (const order of due) {
    const done = await escrow().transaction(async (tx) => {
      const claimed = await tx.order.updateMany({
        where: { id: order.id, status: "held", deliveryStatus: "pending" },
        data: { deliveryStatus: "confirmed", deliveryConfirmedAt: now, autoReleaseAt: await escrow().payoutDate(tx, order, now) },
      });
      if (claimed.count === 0) return false;
      const data = { orderId: order.id, productTitle: order.product.title };
      await notify(tx, order.buyerId, "shipping.auto_confirmed", data);
      await notify(tx, order.sellerId, "shipping.auto_confirmed_seller", data);
      await notify(tx, order.buyerId, "review.invite", { orderId: order.id, productId: order.productId, productTitle: order.product.title });
      return true;
    });
    if (done) confirmed += 1;
  }
  return confirmed;
}

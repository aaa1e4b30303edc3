/**
 * The scheduled side of returns (docs/returns.md), run with the other order jobs: a
 * reminder the day before hand_in_by; a return not handed in by then closes the
 * dispute for the seller (the order is confirmed and paid as usual); a delivered
 * return whose inspection ended in silence is refunded, the seller reminded a day
 * before. Each change is conditional on the state it expects, so overlapping runs act
 * once.
 */
import { db } from "@/lib/platform/db/client";
import type { Job } from "@/lib/platform/jobs";
import { log } from "@/lib/platform/log";
import { notify } from "@/lib/domains/notifications";
import { lockReturn, RETURNS } from "@/lib/domains/shipping";
import { payoutDate } from "./order-state";
import { refundReturned } from "./returns";
import { executeRefund } from "./settlement";
import { escrowTx } from "./tx";

const BATCH = 200;

export const returnJobs = [
  { name: "orders.return-hand-in-reminders", run: async (now) => ({ return_reminders: await remindHandIn(now) }) },
  { name: "orders.return-inspection-reminders", run: async (now) => ({ inspection_reminders: await remindInspection(now) }) },
  { name: "orders.return-hand-in-expired", run: async (now) => ({ returns_expired: await expireReturns(now) }) },
  { name: "orders.return-inspection-ended", run: async (now) => ({ returns_refunded: await refundSilentInspections(now) }) },
] as const satisfies readonly Job[];

async function remindHandIn(now: Date): Promise<number> {
  const due = await db.return.findMany({
    where: { status: "label_created", handInReminderAt: null, handInBy: { gt: now, lte: new Date(now.getTime() + RETURNS.remindHoursBefore * 3600_000) } },
    include: { order: { select: { id: true, buyerId: true, product: { select: { title: true } } } } },
    take: BATCH,
  });
  let sent = 0;
  for (const ret of due) {
    const done = await escrowTx(async (tx) => {
      const claimed = await tx.return.updateMany({ where: { id: ret.id, status: "label_created", handInReminderAt: null }, data: { handInReminderAt: now } });
      if (claimed.count === 0) return false;
      await notify(tx, ret.order.buyerId, "return.hand_in_reminder", { orderId: ret.order.id, productTitle: ret.order.product.title });
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}

async function remindInspection(now: Date): Promise<number> {
  const due = await db.return.findMany({
    where: { status: "delivered", inspectReminderAt: null, inspectUntil: { gt: now, lte: new Date(now.getTime() + RETURNS.remindHoursBefore * 3600_000) } },
    include: { order: { select: { id: true, sellerId: true, product: { select: { title: true } } } } },
    take: BATCH,
  });
  let sent = 0;
  for (const ret of due) {
    const done = await escrowTx(async (tx) => {
      const claimed = await tx.return.updateMany({ where: { id: ret.id, status: "delivered", inspectReminderAt: null }, data: { inspectReminderAt: now } });
      if (claimed.count === 0) return false;
      await notify(tx, ret.order.sellerId, "return.inspect_reminder", { orderId: ret.order.id, productTitle: ret.order.product.title });
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}

async function expireReturns(now: Date): Promise<number> {
  const due = await db.return.findMany({ where: { status: "label_created", handInBy: { lte: now } }, select: { id: true }, take: BATCH });
  let expired = 0;
  for (const { id } of due) {
    const done = await escrowTx(async (tx) => {
      const ret = await lockReturn(tx, id);
      if (!ret || ret.status !== "label_created" || ret.handInBy > now) return false;
      const order = await tx.order.findUniqueOrThrow({ where: { id: ret.orderId }, include: { product: { select: { title: true } } } });
      await tx.return.update({ where: { id }, data: { status: "expired", closedAt: now } });
      if (order.status === "held") {
        const confirmedAt = order.deliveryConfirmedAt ?? now;
        await tx.order.update({
          where: { id: order.id },
          data: { deliveryStatus: "confirmed", deliveryConfirmedAt: confirmedAt, autoReleaseAt: await payoutDate(tx, order, order.deliveryStatus === "confirmed" ? confirmedAt : now) },
        });
      }
      const data = { orderId: order.id, productTitle: order.product.title };
      await notify(tx, order.buyerId, "return.expired", data);
      await notify(tx, order.sellerId, "return.expired_seller", data);
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

async function refundSilentInspections(now: Date): Promise<number> {
  const due = await db.return.findMany({ where: { status: "delivered", inspectUntil: { lte: now } }, select: { id: true, orderId: true }, take: BATCH });
  let refunded = 0;
  for (const { id, orderId } of due) {
    try {
      const done = await escrowTx(async (tx) => {
        const ret = await lockReturn(tx, id);
        if (!ret || ret.status !== "delivered") return false;
        const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, include: { product: { select: { title: true } } } });
        if (order.status !== "held") return false;
        await refundReturned(tx, { ...order, productTitle: order.product.title }, ret, now);
        return true;
      });
      if (done) {
        refunded += 1;
        await executeRefund(orderId);
      }
    } catch (error) {
      log().error({ err: error, returnId: id }, "could not refund a return after its inspection");
    }
  }
  return refunded;
}

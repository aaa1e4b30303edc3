/**
 * The escrow's scheduled work (lib/platform/jobs runs it with every other domain's jobs):
 * checkouts past their reservation, handover reminders and automatic refunds of held
 * orders, payouts of confirmed orders whose auto_release_at has passed, and refunds and
 * payouts still due at the provider. Each step selects its rows and changes each one with
 * a statement conditional on the state it expects, so two runs at once (or one after a
 * crash) do every effect once: the loser of a race changes nothing and moves on.
 */
import { db } from "@/lib/platform/db/client";
import type { Job } from "@/lib/platform/jobs";
import { log } from "@/lib/platform/log";
import { notify } from "@/lib/domains/notifications";
import { paymentProvider } from "@/lib/domains/payments";
import { recordRefundDue, recordReleaseDue } from "./ledger";
import { releaseCheckout, syncCheckout } from "./fulfilment";
import { executePayout, executeRefund, retryDueSettlements } from "./settlement";
import { payoutHoldReason } from "@/lib/domains/tax";
import { DAY_MS, ESCROW } from "./states";
import { shippingJobs } from "@/lib/domains/shipping";
import { returnJobs } from "./return-jobs";
import { escrowTx } from "./tx";

export const ordersJobs = [
  /** Checkouts past their reservation (or holding an item whose hold has ended): asked at the provider (a lost webhook), then fulfilled or released. */
  { name: "orders.expire-checkouts", run: async (now) => ({ expired_checkouts: await expireCheckouts(now) }) },
  /** Held orders without a handover after 5 days: both parties are reminded, once. */
  { name: "orders.handover-reminders", run: async (now) => ({ reminders: await remind(now) }) },
  /** ... after 14 days: refunded in full, the product is for sale again. */
  { name: "orders.auto-refunds", run: async (now) => ({ auto_refunds: await autoRefund(now) }) },
  /** Parcels: ship-by reminders and refunds, and the end of the buyer's claim window. */
  ...shippingJobs,
  /** Returns: hand-in reminders and expiry, refunds after a silent inspection. */
  ...returnJobs,
  /**
   * Confirmed orders whose auto_release_at has passed and that no chargeback flagged for
   * an admin: the seller is paid (with Stripe only through a connected account with
   * payouts enabled; otherwise the seller is told once and the order waits).
   */
  {
    name: "orders.payouts",
    run: async (now) => {
      const released = await release(now);
      return { payouts: released.paid, payouts_waiting: released.waiting };
    },
  },
  /** Refunds and payouts still due at the provider: called again (same idempotency key). */
  {
    name: "orders.retry-settlements",
    run: async () => {
      const retried = await retryDueSettlements();
      return { retried_refunds: retried.refunds, retried_payouts: retried.payouts };
    },
  },
] as const satisfies readonly Job[];

const BATCH = 200;

async function expireCheckouts(now: Date): Promise<number> {
  const graceMs = ESCROW.reservationGraceMinutes * 60_000;
  const stale = await db.checkoutSession.findMany({
    where: {
      status: "open",
      OR: [
        { expiresAt: { lt: new Date(now.getTime() - graceMs) } },
        // A checkout started again keeps the first hold's end (lib/domains/orders/checkout.ts),
        // which comes before its own expiry: it ends with that hold.
        { orders: { some: { status: "pending", product: { status: "reserved", reservedUntil: { lt: now } } } } },
      ],
    },
    select: { id: true, providerSessionId: true, paymentStatus: true, status: true, provider: true },
    take: BATCH,
  });
  let expired = 0;
  for (const session of stale) {
    try {
      // A Stripe session may have been paid with the webhook lost: ask first.
      const remote = session.provider === "stripe" ? await syncCheckout(session) : null;
      if (remote && remote.paymentStatus !== "unpaid") continue;
      if (remote?.status === "open" && session.providerSessionId) await paymentProvider().expireCheckout(session.providerSessionId);
      // Counted only by the run that actually ended it (several runs may overlap).
      if (await releaseCheckout(session.id, "expired")) expired += 1;
    } catch (error) {
      log().error({ err: error, checkoutId: session.id }, "could not expire a checkout");
    }
  }
  return expired;
}

async function remind(now: Date): Promise<number> {
  const due = await db.order.findMany({
    where: {
      status: "held",
      deliveryStatus: "pending",
      // Parcels have their own deadline (./shipping-jobs.ts).
      deliveryMethod: "pickup",
      reminderSentAt: null,
      paidAt: { lte: new Date(now.getTime() - ESCROW.reminderAfterDays * DAY_MS) },
    },
    include: { product: { select: { title: true } } },
    take: BATCH,
  });
  let sent = 0;
  for (const order of due) {
    const done = await escrowTx(async (tx) => {
      const claimed = await tx.order.updateMany({
        where: { id: order.id, status: "held", deliveryStatus: "pending", reminderSentAt: null },
        data: { reminderSentAt: now },
      });
      if (claimed.count === 0) return false;
      const data = { orderId: order.id, productTitle: order.product.title };
      await notify(tx, order.buyerId, "order.handover_reminder", data);
      await notify(tx, order.sellerId, "order.handover_reminder", data);
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}

async function autoRefund(now: Date): Promise<number> {
  const due = await db.order.findMany({
    where: { status: "held", deliveryStatus: "pending", deliveryMethod: "pickup", paidAt: { lte: new Date(now.getTime() - ESCROW.refundAfterDays * DAY_MS) } },
    include: { product: { select: { title: true } } },
    take: BATCH,
  });
  let refunded = 0;
  for (const order of due) {
    const done = await escrowTx(async (tx) => {
      const claimed = await tx.order.updateMany({
        where: { id: order.id, status: "held", deliveryStatus: "pending", deliveryMethod: "pickup" },
        data: { status: "refunded", refundedAt: now },
      });
      if (claimed.count === 0) return false;
      await recordRefundDue(tx, order);
      await tx.product.updateMany({ where: { id: order.productId, status: "sold", deletedAt: null }, data: { status: "available" } });
      const data = { orderId: order.id, productTitle: order.product.title, amountCents: order.totalCents };
      await notify(tx, order.buyerId, "order.refunded", data);
      await notify(tx, order.sellerId, "order.sale_refunded", data);
      return true;
    });
    if (done) {
      refunded += 1;
      await executeRefund(order.id);
    }
  }
  return refunded;
}

async function release(now: Date): Promise<{ paid: number; waiting: number }> {
  const due = await db.order.findMany({
    // A flagged order (a bank chargeback, a reversed transfer) waits for an admin.
    // A return under way holds the payout until it closes (docs/returns.md).
    where: { status: "held", deliveryStatus: "confirmed", autoReleaseAt: { lte: now }, flaggedForAdmin: false, OR: [{ return: { is: null } }, { return: { closedAt: { not: null } } }] },
    include: {
      product: { select: { title: true } },
      seller: { select: { payoutAccount: { select: { payoutsEnabled: true } } } },
    },
    take: BATCH,
  });
  const needsAccount = paymentProvider().name === "stripe";
  let paid = 0;
  let waiting = 0;
  for (const order of due) {
    const data = { orderId: order.id, productTitle: order.product.title, amountCents: order.amountCents - (order.partialRefundCents ?? 0) };
    // DAC7: at the threshold the payout waits for a complete tax profile (lib/domains/tax).
    if (await payoutHoldReason(order.sellerId, now, order.amountCents)) {
      waiting += 1;
      continue;
    }
    if (needsAccount && !order.seller.payoutAccount?.payoutsEnabled) {
      waiting += 1;
      // Told once; the order waits here and is paid on the first run after onboarding.
      await escrowTx(async (tx) => {
        const claimed = await tx.order.updateMany({ where: { id: order.id, payoutBlockedAt: null }, data: { payoutBlockedAt: now } });
        if (claimed.count > 0) await notify(tx, order.sellerId, "payout.account_needed", data);
      });
      continue;
    }
    const done = await escrowTx(async (tx) => {
      const claimed = await tx.order.updateMany({
        where: { id: order.id, status: "held", deliveryStatus: "confirmed", flaggedForAdmin: false },
        data: { status: "completed", completedAt: now },
      });
      if (claimed.count === 0) return false;
      await recordReleaseDue(tx, order);
      await notify(tx, order.sellerId, "payout.released", data);
      return true;
    });
    if (done) {
      paid += 1;
      await executePayout(order.id);
    }
  }
  return { paid, waiting };
}

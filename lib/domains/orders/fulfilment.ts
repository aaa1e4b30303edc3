/**
 * What happens when a checkout ends: paid, failed, expired or cancelled. The Stripe
 * webhook, the status check behind /payment-success, the test provider's buttons and
 * the escrow job all call these functions, so they may arrive in any order and any
 * number of times: each locks the checkout row and acts only on the state it finds.
 */
import { randomInt } from "node:crypto";
import { isUuid } from "@/lib/platform/api/ids";
import { db, type Tx } from "@/lib/platform/db/client";
import type { CheckoutSession } from "@/lib/platform/db/generated/client";
import { log } from "@/lib/platform/log";
import { notify, notifyAdmins } from "@/lib/domains/notifications";
import { paymentProvider } from "@/lib/domains/payments";
import type { ProviderCheckout, ProviderEvent } from "@/lib/domains/payments";
import { recordPayment, recordRefundDue } from "./ledger";
import { executeRefund } from "./settlement";
import { startShippingClock } from "@/lib/domains/shipping";
import { escrowTx } from "./tx";

export type Payment = { paymentIntentId: string | null; chargeId: string | null; amountTotalCents: number | null };

/** Six digits for the handover, from a cryptographic source. */
export function newPickupCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

async function lockSession(tx: Tx, checkoutId: string): Promise<CheckoutSession | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM checkout_sessions WHERE id = ${checkoutId}::uuid FOR UPDATE`;
  if (rows.length === 0) return null;
  return tx.checkoutSession.findUnique({ where: { id: checkoutId } });
}

/**
 * Records a provider event id in the same transaction as its effects: a repeat finds
 * the id and does nothing. Returns false for a repeat.
 */
export async function claimEvent(tx: Tx, event: Pick<ProviderEvent, "id" | "type">, provider: "stripe" | "test" = "stripe") {
  const inserted = await tx.$executeRaw`
    INSERT INTO webhook_events (id, provider, type) VALUES (${event.id}, ${provider}::"PaymentProvider", ${event.type})
    ON CONFLICT (id) DO NOTHING`;
  return inserted > 0;
}

/**
 * The payment succeeded. Pending orders become held (escrow): the product is sold, the
 * buyer gets a pickup code, both parties are told. An order that is no longer pending
 * (its reservation lapsed and went to someone else, or the buyer cancelled) was paid for
 * nothing: it is refunded automatically.
 */
export async function fulfilPaid(checkoutId: string, payment: Payment, event?: ProviderEvent): Promise<void> {
  const refunds = await escrowTx(async (tx) => {
    if (event && !(await claimEvent(tx, event))) return [];
    const session = await lockSession(tx, checkoutId);
    if (!session) {
      log().warn({ checkoutId }, "payment for an unknown checkout");
      return [];
    }
    if (session.paymentStatus === "paid") return [];
    // The orders' amounts were fixed when the checkout started; a payment of any other
    // amount is not what the buyer agreed to (or not what we asked): nothing is handed
    // over for it, the money goes back, and an admin is told.
    const amountMismatch = payment.amountTotalCents !== null && payment.amountTotalCents !== session.amountTotalCents;
    if (amountMismatch) {
      log().error({ checkoutId, paid: payment.amountTotalCents, expected: session.amountTotalCents }, "paid amount differs from the checkout: refunded");
    }
    const now = new Date();
    await tx.checkoutSession.update({
      where: { id: checkoutId },
      data: {
        status: "complete",
        paymentStatus: "paid",
        paymentIntentId: payment.paymentIntentId ?? session.paymentIntentId,
        chargeId: payment.chargeId ?? session.chargeId,
        completedAt: now,
      },
    });
    const chargeRef = payment.chargeId ?? payment.paymentIntentId ?? session.providerSessionId;
    const orders = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM orders WHERE checkout_session_id = ${checkoutId}::uuid ORDER BY id FOR UPDATE`;
    const refundDue: string[] = [];
    for (const { id } of orders) {
      const order = await tx.order.findUniqueOrThrow({
        where: { id },
        include: { product: { select: { title: true } }, seller: { select: { isBanned: true, deletedAt: true } } },
      });
      await recordPayment(tx, order, chargeRef);
      const data = { orderId: order.id, productTitle: order.product.title, amountCents: order.totalCents };
      // A banned or deleted seller is paid nothing: the ban ends their checkouts, but a
      // payment can still arrive (it was under way, or the provider's expiry failed).
      const sellerGone = order.seller.isBanned || order.seller.deletedAt !== null;
      if (order.status === "pending" && (sellerGone || amountMismatch)) {
        await tx.order.update({
          where: { id },
          data: { status: "refunded", paidAt: now, refundedAt: now, flaggedForAdmin: amountMismatch || undefined },
        });
        await recordRefundDue(tx, order);
        await tx.product.updateMany({ where: { id: order.productId, status: "reserved" }, data: { status: "available", reservedUntil: null } });
        await notify(tx, order.buyerId, "order.refunded", data);
        if (amountMismatch) {
          await notifyAdmins(tx, "admin.payment_mismatch", {
            ...data,
            paidCents: payment.amountTotalCents!,
            expectedCents: session.amountTotalCents,
          });
        }
        refundDue.push(id);
      } else if (order.status === "pending") {
        // A shipped order has no pickup code: the carrier's scans tell the handover.
        const shipped = order.deliveryMethod === "shipping";
        await tx.order.update({
          where: { id },
          data: { status: "held", deliveryStatus: "pending", paidAt: now, pickupCode: shipped ? null : newPickupCode() },
        });
        await tx.product.update({ where: { id: order.productId }, data: { status: "sold", reservedUntil: null } });
        await tx.cartItem.deleteMany({ where: { productId: order.productId } });
        if (shipped && order.parcelId) {
          const shipByAt = await startShippingClock(tx, order.parcelId, now);
          await notify(tx, order.buyerId, "order.paid_shipping", { ...data, shipByAt });
          await notify(tx, order.sellerId, "order.sold_shipping", { ...data, amountCents: order.amountCents, shipByAt });
        } else {
          await notify(tx, order.buyerId, "order.paid", data);
          await notify(tx, order.sellerId, "order.sold", { ...data, amountCents: order.amountCents });
        }
      } else {
        // Paid for an item this order no longer holds: the money goes straight back.
        await tx.order.update({ where: { id }, data: { status: "refunded", paidAt: now, refundedAt: now } });
        await recordRefundDue(tx, order);
        await notify(tx, order.buyerId, "order.refunded", data);
        refundDue.push(id);
      }
    }
    return refundDue;
  });
  for (const orderId of refunds) await executeRefund(orderId);
}

/**
 * The checkout ended without payment (expired, failed, or cancelled by the buyer): its
 * pending orders are cancelled and their products are available again. A checkout that
 * was already paid is left alone (an "expired" event can arrive after "completed").
 */
export async function releaseCheckout(
  checkoutId: string,
  outcome: "expired" | "failed" | "cancelled",
  event?: ProviderEvent,
): Promise<boolean> {
  return escrowTx(async (tx) => {
    if (event && !(await claimEvent(tx, event))) return false;
    const session = await lockSession(tx, checkoutId);
    if (!session || session.paymentStatus === "paid") return false;
    // Already ended (by another run, a webhook, or the buyer): nothing left to do.
    const wasOpen = session.status === "open";
    await tx.checkoutSession.update({
      where: { id: checkoutId },
      data: outcome === "failed" ? { status: "complete", paymentStatus: "failed" } : { status: "expired" },
    });
    const orders = await tx.$queryRaw<{ id: string; product_id: string }[]>`
      SELECT id, product_id FROM orders WHERE checkout_session_id = ${checkoutId}::uuid AND status = 'pending'
      ORDER BY id FOR UPDATE`;
    if (orders.length === 0) return wasOpen;
    await tx.order.updateMany({
      where: { id: { in: orders.map((o) => o.id) }, status: "pending" },
      data: { status: "cancelled", cancelledAt: new Date() },
    });
    await tx.product.updateMany({
      where: { id: { in: orders.map((o) => o.product_id) }, status: "reserved" },
      data: { status: "available", reservedUntil: null },
    });
    return true;
  });
}

/**
 * Brings our checkout row up to date with the provider (the status check and the
 * escrow job): paid → fulfil, expired → release. Returns the provider's view.
 */
export async function syncCheckout(session: Pick<CheckoutSession, "id" | "providerSessionId" | "paymentStatus" | "status">): Promise<ProviderCheckout | null> {
  if (!session.providerSessionId || session.paymentStatus === "paid" || session.status === "expired") return null;
  const remote = await paymentProvider().retrieveCheckout(session.providerSessionId);
  if (remote.paymentStatus === "paid" || remote.paymentStatus === "no_payment_required") {
    await fulfilPaid(session.id, { paymentIntentId: remote.paymentIntentId, chargeId: remote.chargeId, amountTotalCents: remote.amountTotalCents });
  } else if (remote.status === "expired") {
    await releaseCheckout(session.id, "expired");
  }
  return remote;
}

/** Our checkout row for a provider session id (or our own id). */
export async function findCheckout(sessionId: string) {
  return db.checkoutSession.findFirst({
    where: isUuid(sessionId) ? { OR: [{ id: sessionId }, { providerSessionId: sessionId }] } : { providerSessionId: sessionId },
  });
}

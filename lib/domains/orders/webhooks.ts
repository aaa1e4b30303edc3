/**
 * Stripe webhook events (docs/payments.md). The route verifies the signature; here
 * each event's effects run in one transaction with the insert of its id, so a repeat
 * changes nothing, and every handler acts only on the state it finds, so events may come
 * in any order (and after the status check already did the work).
 */
import { db, type Tx } from "@/lib/platform/db/client";
import { log } from "@/lib/platform/log";
import { notify, notifyAdmins } from "@/lib/domains/notifications";
import { paymentProvider } from "@/lib/domains/payments";
import type { ProviderEvent } from "@/lib/domains/payments";
import { recordRefundDue } from "./ledger";
import { claimEvent, fulfilPaid, releaseCheckout } from "./fulfilment";
import { escrowTx } from "./tx";

type Obj = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === "string" ? value : value && typeof value === "object" && typeof (value as Obj).id === "string" ? ((value as Obj).id as string) : null);
const num = (value: unknown): number | null => (typeof value === "number" ? value : null);

async function checkoutIdOf(session: Obj): Promise<string | null> {
  const id = str(session.id);
  const row = id ? await db.checkoutSession.findUnique({ where: { providerSessionId: id }, select: { id: true } }) : null;
  if (row) return row.id;
  const fromMetadata = str((session.metadata as Obj | undefined)?.checkout_id) ?? str(session.client_reference_id);
  if (!fromMetadata) return null;
  const byOurId = await db.checkoutSession.findFirst({ where: { id: fromMetadata }, select: { id: true } }).catch(() => null);
  return byOurId?.id ?? null;
}

/** Only records the event (types we do not act on, or nothing to do). */
async function recordOnly(event: ProviderEvent) {
  await escrowTx((tx) => claimEvent(tx, event));
}

/** Runs `fn` with the event claimed in the same transaction; a repeat skips it. */
function once(event: ProviderEvent, fn: (tx: Tx) => Promise<void>) {
  return escrowTx(async (tx) => {
    if (await claimEvent(tx, event)) await fn(tx);
  });
}

/** Sessions whose charge or payment intent this is. */
async function sessionsOfCharge(tx: Tx, chargeId: string | null, paymentIntentId: string | null) {
  const or = [
    ...(chargeId ? [{ chargeId }] : []),
    ...(paymentIntentId ? [{ paymentIntentId }] : []),
  ];
  if (or.length === 0) return [];
  return tx.checkoutSession.findMany({ where: { OR: or }, select: { id: true } });
}

export async function handleStripeEvent(event: ProviderEvent): Promise<void> {
  const object = event.object;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const checkoutId = await checkoutIdOf(object);
      const paid = object.payment_status === "paid" || object.payment_status === "no_payment_required";
      if (!checkoutId || !paid) return recordOnly(event); // async methods: wait for the outcome event
      return fulfilPaid(checkoutId, { paymentIntentId: str(object.payment_intent), chargeId: null, amountTotalCents: num(object.amount_total) }, event);
    }
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const checkoutId = await checkoutIdOf(object);
      if (!checkoutId) return recordOnly(event);
      await releaseCheckout(checkoutId, event.type === "checkout.session.expired" ? "expired" : "failed", event);
      return;
    }
    case "charge.refunded": {
      // Our own refunds are already in the ledger. A full refund made elsewhere (the
      // Stripe dashboard) ends the escrow of every held order of that charge.
      if (object.refunded !== true) return recordOnly(event);
      return once(event, async (tx) => {
        const sessions = await sessionsOfCharge(tx, str(object.id), str(object.payment_intent));
        const sessionIds = sessions.map((s) => s.id);
        // Refunded after the seller was paid: the money is short; an admin must look.
        const completed = await tx.order.findMany({
          where: { checkoutSessionId: { in: sessionIds }, status: "completed" },
          include: { product: { select: { title: true } } },
        });
        for (const order of completed) {
          await tx.order.update({ where: { id: order.id }, data: { flaggedForAdmin: true } });
          await notifyAdmins(tx, "admin.chargeback", { orderId: order.id, productTitle: order.product.title });
        }
        const orders = await tx.order.findMany({
          where: { checkoutSessionId: { in: sessionIds }, status: "held" },
          include: { product: { select: { title: true } } },
        });
        for (const order of orders) {
          const claimed = await tx.order.updateMany({ where: { id: order.id, status: "held" }, data: { status: "refunded", refundedAt: new Date() } });
          if (claimed.count === 0) continue;
          await recordRefundDue(tx, order);
          await tx.ledgerEntry.updateMany({ where: { orderId: order.id, kind: "buyer_refund" }, data: { providerRef: `external:${str(object.id)}` } });
          await tx.product.updateMany({ where: { id: order.productId, status: "sold", deletedAt: null }, data: { status: "available" } });
          await notify(tx, order.buyerId, "order.refunded", { orderId: order.id, productTitle: order.product.title, amountCents: order.totalCents });
        }
      });
    }
    case "charge.dispute.created": {
      // The card holder disputed the charge with their bank: admins must look at it.
      return once(event, async (tx) => {
        const sessions = await sessionsOfCharge(tx, str(object.charge), str(object.payment_intent));
        const orders = await tx.order.findMany({
          where: { checkoutSessionId: { in: sessions.map((s) => s.id) }, status: { in: ["held", "completed"] } },
          include: { product: { select: { title: true } } },
        });
        for (const order of orders) {
          await tx.order.update({ where: { id: order.id }, data: { flaggedForAdmin: true } });
          await notifyAdmins(tx, "admin.chargeback", { orderId: order.id, productTitle: order.product.title });
        }
      });
    }
    case "account.updated": {
      // Stripe does not deliver events in order (an older one may be retried after a
      // newer one), so the payload may be stale: read the account's current state from
      // Stripe (outside the transaction) for accounts that are ours.
      const accountId = str(object.id);
      const ours = accountId ? await db.payoutAccount.findFirst({ where: { providerAccountId: accountId }, select: { id: true } }) : null;
      const state = accountId && ours ? await paymentProvider().retrievePayoutAccount(accountId) : null;
      return once(event, async (tx) => {
        if (!state) return;
        await tx.payoutAccount.updateMany({
          where: { providerAccountId: state.providerAccountId },
          data: { payoutsEnabled: state.payoutsEnabled, detailsSubmitted: state.detailsSubmitted },
        });
      });
    }
    case "transfer.reversed": {
      return once(event, async (tx) => {
        const transferId = str(object.id);
        const entry = transferId
          ? await tx.ledgerEntry.findFirst({ where: { kind: "seller_payout", providerRef: transferId }, select: { orderId: true } })
          : null;
        const orderId = entry?.orderId ?? str((object.metadata as Obj | undefined)?.order_id);
        if (!orderId) return;
        const order = await tx.order.findUnique({ where: { id: orderId }, include: { product: { select: { title: true } } } });
        if (!order) return;
        await tx.order.update({ where: { id: order.id }, data: { flaggedForAdmin: true } });
        await notifyAdmins(tx, "admin.transfer_reversed", { orderId: order.id, productTitle: order.product.title });
      });
    }
    default:
      log().debug({ type: event.type, id: event.id }, "webhook event ignored");
      return recordOnly(event);
  }
}

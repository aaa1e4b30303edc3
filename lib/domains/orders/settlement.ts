/**
 * The provider calls that move money out: refunds to buyers and transfers to sellers.
 * Each follows a ledger row written (with provider_ref null) in the transaction that
 * decided it; the call is made after that commit with an idempotency key derived from
 * the order, and the row gets the provider's reference. If the call fails or the
 * process dies in between, the escrow job finds the row still open and calls again:
 * the same key makes the provider return the first result instead of paying twice.
 */
import { db } from "@/lib/platform/db/client";
import { log } from "@/lib/platform/log";
import { paymentProvider } from "@/lib/domains/payments";
import { settle } from "./ledger";
import { transferGroupOf } from "./checkout-ids";

export async function executeRefund(orderId: string): Promise<boolean> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: { id: true, totalCents: true, checkoutSession: { select: { chargeId: true, paymentIntentId: true } } },
  });
  if (!order) return false;
  if (!(await claim(orderId, "buyer_refund"))) return false;
  // What the decision wrote: the whole payment, or less (docs/returns.md).
  const due = await db.ledgerEntry.findFirst({ where: { orderId, kind: "buyer_refund" }, select: { amountCents: true } });
  try {
    const refund = await paymentProvider().refund({
      chargeId: order.checkoutSession?.chargeId ?? null,
      paymentIntentId: order.checkoutSession?.paymentIntentId ?? null,
      amountCents: due?.amountCents ?? order.totalCents,
      orderId,
      idempotencyKey: `refund-${orderId}`,
    });
    await settle(orderId, "buyer_refund", refund.id);
    return true;
  } catch (error) {
    log().error({ err: error, orderId }, "refund failed; the escrow job retries it");
    await unclaim(orderId, "buyer_refund");
    return false;
  }
}

/**
 * Pays the seller. With Stripe the seller needs a connected account with payouts
 * enabled; the caller checks that before deciding the release.
 */
export async function executePayout(orderId: string): Promise<boolean> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      amountCents: true,
      checkoutSessionId: true,
      checkoutSession: { select: { chargeId: true } },
      seller: { select: { payoutAccount: { select: { providerAccountId: true } } } },
    },
  });
  if (!order) return false;
  const provider = paymentProvider();
  const destination = order.seller.payoutAccount?.providerAccountId ?? (provider.name === "test" ? "acct_testmode" : null);
  if (!destination) return false;
  if (!(await claim(orderId, "seller_payout"))) return false;
  // The price, or less after a partial refund: what the decision wrote.
  const due = await db.ledgerEntry.findFirst({ where: { orderId, kind: "seller_payout" }, select: { amountCents: true } });
  try {
    const sourceTransaction = order.checkoutSession?.chargeId ?? (await chargeOf(order.checkoutSessionId));
    const transfer = await provider.transfer({
      amountCents: due?.amountCents ?? order.amountCents,
      destination,
      sourceTransaction,
      transferGroup: transferGroupOf(order.checkoutSessionId ?? order.id),
      orderId,
      idempotencyKey: `payout-${orderId}`,
    });
    await settle(orderId, "seller_payout", transfer.id);
    return true;
  } catch (error) {
    log().error({ err: error, orderId }, "payout failed; the escrow job retries it");
    await unclaim(orderId, "seller_payout");
    return false;
  }
}

/**
 * The charge behind a checkout. The completed-checkout event names only the payment
 * intent; a transfer's `source_transaction` needs the charge, so ask once and keep it.
 */
async function chargeOf(checkoutId: string | null): Promise<string | null> {
  if (!checkoutId) return null;
  const session = await db.checkoutSession.findUnique({ where: { id: checkoutId }, select: { providerSessionId: true } });
  if (!session?.providerSessionId || paymentProvider().name !== "stripe") return null;
  const remote = await paymentProvider().retrieveCheckout(session.providerSessionId);
  if (remote.chargeId) {
    await db.checkoutSession.update({ where: { id: checkoutId }, data: { chargeId: remote.chargeId } });
  }
  return remote.chargeId;
}

/** Refunds and payouts decided but not yet confirmed by the provider. */
export async function retryDueSettlements(): Promise<{ refunds: number; payouts: number }> {
  const due = await db.ledgerEntry.findMany({
    where: { providerRef: null, kind: { in: ["buyer_refund", "seller_payout"] }, orderId: { not: null } },
    select: { orderId: true, kind: true },
    take: 200,
  });
  let refunds = 0;
  let payouts = 0;
  for (const row of due) {
    if (row.kind === "buyer_refund" && (await executeRefund(row.orderId!))) refunds += 1;
    if (row.kind === "seller_payout" && (await executePayout(row.orderId!))) payouts += 1;
  }
  return { refunds, payouts };
}

/** How long one run may take to call the provider before another may try again. */
const CLAIM_SECONDS = 120;

/**
 * Claims a due refund or payout row for this run: one conditional UPDATE, so of several
 * runs at once (or a run and a request) exactly one calls the provider. A row already
 * settled, or claimed by another run, is left alone.
 */
async function claim(orderId: string, kind: "buyer_refund" | "seller_payout"): Promise<boolean> {
  const claimed = await db.$executeRaw`
    UPDATE ledger_entries SET claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
    WHERE order_id = ${orderId}::uuid AND kind = ${kind}::"LedgerEntryKind" AND provider_ref IS NULL
      AND (claimed_until IS NULL OR claimed_until < now())`;
  return claimed > 0;
}

/** Gives a failed attempt back, so the next run retries it at once. */
async function unclaim(orderId: string, kind: "buyer_refund" | "seller_payout"): Promise<void> {
  await db.$executeRaw`
    UPDATE ledger_entries SET claimed_until = NULL
    WHERE order_id = ${orderId}::uuid AND kind = ${kind}::"LedgerEntryKind" AND provider_ref IS NULL`;
}

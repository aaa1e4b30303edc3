/**
 * The ledger (DECISIONS.md section 6): every money movement of an order is one row.
 *
 *   buyer_payment  what the buyer paid for this order (price + fee)
 *   platform_fee   the fee the platform kept (written when the seller is paid)
 *   seller_payout  what the seller received (the price)
 *   buyer_refund   what went back to the buyer (always the full payment)
 *   shipping       the shipping the buyer paid, kept for the carrier (written when the
 *                  seller is paid; a refund returns it with the rest)
 *
 * One row per kind and order at most (unique index), so no movement can happen twice.
 * A payout or refund row whose `provider_ref` is null is a provider call still due: it
 * is written in the same transaction as the state change, the call is made after the
 * commit, and the escrow job retries it (same idempotency key) until it has a reference.
 *
 * The identity: paid = seller received + fee kept + shipping + refunded + still in escrow, where
 * "still in escrow" is the payment of a held order.
 */
import { db, type Tx } from "@/lib/platform/db/client";
import type { LedgerEntryKind, Order } from "@/lib/platform/db/generated/client";

type OrderMoney = Pick<Order, "id" | "checkoutSessionId" | "amountCents" | "commissionCents" | "totalCents" | "shippingCents">;

async function add(tx: Tx, order: OrderMoney, kind: LedgerEntryKind, amountCents: number, providerRef: string | null) {
  await tx.ledgerEntry.create({
    data: { orderId: order.id, checkoutSessionId: order.checkoutSessionId, kind, amountCents, providerRef },
  });
}

/** The buyer's payment for one order arrived (its share of the checkout's charge). */
export function recordPayment(tx: Tx, order: OrderMoney, chargeRef: string | null) {
  return add(tx, order, "buyer_payment", order.totalCents, chargeRef);
}

/** The whole payment goes back (the fee too); the provider call is due. */
export function recordRefundDue(tx: Tx, order: OrderMoney) {
  return add(tx, order, "buyer_refund", order.totalCents, null);
}

/** The seller gets the price, the platform keeps the fee; the transfer is due. */
export async function recordReleaseDue(tx: Tx, order: OrderMoney) {
  await add(tx, order, "seller_payout", order.amountCents, null);
  if (order.commissionCents > 0) await add(tx, order, "platform_fee", order.commissionCents, "platform");
  if (order.shippingCents > 0) await add(tx, order, "shipping", order.shippingCents, "platform");
}

/** Marks a due provider call done. */
export async function settle(orderId: string, kind: "buyer_refund" | "seller_payout", providerRef: string) {
  await db.ledgerEntry.updateMany({ where: { orderId, kind, providerRef: null }, data: { providerRef, claimedUntil: null } });
}

export type LedgerProblem = {
  order_id: string;
  status: string;
  paid: number;
  seller_received: number;
  fee_kept: number;
  shipping: number;
  refunded: number;
  in_escrow: number;
  problem: string;
};

/**
 * Proves the identity for every order (or the given ones): returns the orders where it
 * does not hold, or where the amounts do not fit the order's state. Empty = all good.
 */
export async function checkLedger(orderIds?: string[]): Promise<LedgerProblem[]> {
  const orders = await db.order.findMany({
    where: orderIds ? { id: { in: orderIds } } : undefined,
    select: { id: true, status: true, amountCents: true, commissionCents: true, shippingCents: true, totalCents: true, ledgerEntries: { select: { kind: true, amountCents: true } } },
  });
  const problems: LedgerProblem[] = [];
  for (const order of orders) {
    const sum = (kind: LedgerEntryKind) =>
      order.ledgerEntries.filter((e) => e.kind === kind).reduce((total, e) => total + e.amountCents, 0);
    const paid = sum("buyer_payment");
    const received = sum("seller_payout");
    const fee = sum("platform_fee");
    const refunded = sum("buyer_refund");
    const shipping = sum("shipping");
    const inEscrow = order.status === "held" ? paid : 0;
    const report = (problem: string) =>
      problems.push({ order_id: order.id, status: order.status, paid, seller_received: received, fee_kept: fee, shipping, refunded, in_escrow: inEscrow, problem });

    if (paid !== received + fee + shipping + refunded + inEscrow) {
      report("paid ≠ seller received + fee kept + shipping + refunded + in escrow");
      continue;
    }
    const expected: Record<typeof order.status, [number, number, number, number, number]> = {
      // [paid, received, fee, shipping, refunded]
      pending: [0, 0, 0, 0, 0],
      cancelled: [0, 0, 0, 0, 0],
      held: [order.totalCents, 0, 0, 0, 0],
      completed: [order.totalCents, order.amountCents, order.commissionCents, order.shippingCents, 0],
      refunded: [order.totalCents, 0, 0, 0, order.totalCents],
    };
    const [ePaid, eReceived, eFee, eShipping, eRefunded] = expected[order.status];
    if (paid !== ePaid || received !== eReceived || fee !== eFee || shipping !== eShipping || refunded !== eRefunded) {
      report(`amounts do not fit the status ${order.status}`);
    }
  }
  return problems;
}

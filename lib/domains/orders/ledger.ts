/**
 * The ledger (docs/payments.md, docs/returns.md): every money movement of an order is one row.
 *
 *   buyer_payment    what the buyer paid for this order (price + fee + its shipping)
 *   platform_fee     the fee the platform kept (written when the seller is paid)
 *   seller_payout    what the seller received (the price, less an accepted partial refund)
 *   buyer_refund     what went back to the buyer: everything, or all but the parcel's
 *                    shipping while the parcel still travels with other items, or all but
 *                    the return label a withdrawing buyer pays, or a partial refund
 *   shipping         the shipping the buyer paid, kept for the carrier (written when the
 *                    seller is paid, or when a refund leaves it with the parcel)
 *   return_shipping  a return's label: provider_ref "buyer" (deducted from the refund) or
 *                    "platform" (the platform's cost, outside the buyer's payment)
 *
 * One row per kind and order at most (unique index), so no movement can happen twice.
 * A payout or refund row whose `provider_ref` is null is a provider call still due: it
 * is written in the same transaction as the state change, the call is made after the
 * commit, and the escrow job retries it (same idempotency key) until it has a reference.
 *
 * The identity: paid = refunded + seller received + fee kept + shipping + return shipping
 * the buyer paid + still in escrow (what a held order has not yet moved).
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

/**
 * Money goes back to the buyer (by default the whole payment, the fee too); the provider
 * call is due. `keptShipping`: the parcel's shipping stays with the parcel, which still
 * travels with other items. `returnLabel`: a return's label, and who paid it.
 */
export async function recordRefundDue(
  tx: Tx,
  order: OrderMoney,
  options: { amountCents?: number; keptShipping?: number; returnLabel?: { cents: number; paidBy: "buyer" | "platform" } } = {},
) {
  const amount = options.amountCents ?? order.totalCents - (options.keptShipping ?? 0);
  if (amount > 0) await add(tx, order, "buyer_refund", amount, null);
  if (options.keptShipping) await add(tx, order, "shipping", options.keptShipping, "platform");
  if (options.returnLabel && options.returnLabel.cents > 0) await add(tx, order, "return_shipping", options.returnLabel.cents, options.returnLabel.paidBy);
}

/** The seller gets the price (less an accepted partial refund), the platform keeps the fee; the transfer is due. */
export async function recordReleaseDue(tx: Tx, order: OrderMoney & { partialRefundCents?: number | null }) {
  await add(tx, order, "seller_payout", order.amountCents - (order.partialRefundCents ?? 0), null);
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
  return_shipping: number;
  refunded: number;
  in_escrow: number;
  problem: string;
};

/**
 * Proves the identity for every order (or the given ones): returns the orders where it
 * does not hold, where the amounts do not fit the order's state, and the parcels whose
 * shipping went back while one of their items stayed bought. Empty = all good.
 */
export async function checkLedger(orderIds?: string[]): Promise<LedgerProblem[]> {
  const orders = await db.order.findMany({
    where: orderIds ? { id: { in: orderIds } } : undefined,
    select: {
      id: true,
      status: true,
      parcelId: true,
      amountCents: true,
      commissionCents: true,
      shippingCents: true,
      totalCents: true,
      partialRefundCents: true,
      return: { select: { labelCents: true, paidBy: true, status: true } },
      ledgerEntries: { select: { kind: true, amountCents: true, providerRef: true } },
    },
  });
  const problems: LedgerProblem[] = [];
  for (const order of orders) {
    const sum = (kind: LedgerEntryKind, ref?: string) =>
      order.ledgerEntries.filter((e) => e.kind === kind && (ref === undefined || e.providerRef === ref)).reduce((total, e) => total + e.amountCents, 0);
    const paid = sum("buyer_payment");
    const received = sum("seller_payout");
    const fee = sum("platform_fee");
    const refunded = sum("buyer_refund");
    const shipping = sum("shipping");
    const returnShipping = sum("return_shipping", "buyer");
    const moved = received + fee + shipping + refunded + returnShipping;
    const inEscrow = order.status === "held" ? paid - moved : 0;
    const report = (problem: string) =>
      problems.push({
        order_id: order.id,
        status: order.status,
        paid,
        seller_received: received,
        fee_kept: fee,
        shipping,
        return_shipping: returnShipping,
        refunded,
        in_escrow: inEscrow,
        problem,
      });

    if (paid !== moved + inEscrow || inEscrow < 0) {
      report("paid ≠ refunded + seller received + fee kept + shipping + return shipping + in escrow");
      continue;
    }
    const partial = order.partialRefundCents ?? 0;
    let fits: boolean;
    switch (order.status) {
      case "pending":
      case "cancelled":
        fits = paid === 0 && moved === 0;
        break;
      case "held":
        // Only an accepted partial refund moves money before the order is decided.
        fits = paid === order.totalCents && received === 0 && fee === 0 && shipping === 0 && returnShipping === 0 && refunded === partial;
        break;
      case "completed":
        fits =
          paid === order.totalCents &&
          received === order.amountCents - partial &&
          fee === order.commissionCents &&
          shipping === order.shippingCents &&
          refunded === partial &&
          returnShipping === 0;
        break;
      case "refunded": {
        const label = order.return?.status === "refunded" && order.return.paidBy === "buyer" ? order.return.labelCents : 0;
        fits =
          paid === order.totalCents &&
          received === 0 &&
          fee === 0 &&
          (shipping === 0 || shipping === order.shippingCents) &&
          returnShipping <= label &&
          refunded + shipping + returnShipping === order.totalCents;
        break;
      }
    }
    if (!fits) report(`amounts do not fit the status ${order.status}`);
  }
  problems.push(...(await checkParcels(orders.map((o) => o.parcelId).filter((id): id is string => id !== null))));
  return problems;
}

/**
 * Shipping belongs to the parcel: while any of its items stays bought (held or
 * completed), none of its shipping may have gone back to the buyer.
 */
async function checkParcels(parcelIds: string[]): Promise<LedgerProblem[]> {
  if (parcelIds.length === 0) return [];
  const parcels = await db.parcel.findMany({
    where: { id: { in: [...new Set(parcelIds)] } },
    select: { id: true, shippingCents: true, orders: { select: { id: true, status: true, shippingCents: true, ledgerEntries: { select: { kind: true, amountCents: true } } } } },
  });
  const problems: LedgerProblem[] = [];
  for (const parcel of parcels) {
    if (!parcel.orders.some((o) => o.status === "held" || o.status === "completed")) continue;
    for (const order of parcel.orders) {
      if (order.status !== "refunded" || order.shippingCents === 0) continue;
      const kept = order.ledgerEntries.filter((e) => e.kind === "shipping").reduce((t, e) => t + e.amountCents, 0);
      if (kept !== order.shippingCents) {
        const paid = order.ledgerEntries.filter((e) => e.kind === "buyer_payment").reduce((t, e) => t + e.amountCents, 0);
        problems.push({ order_id: order.id, status: order.status, paid, seller_received: 0, fee_kept: 0, shipping: kept, return_shipping: 0, refunded: paid - kept, in_escrow: 0, problem: `parcel ${parcel.id}: its shipping went back while an item of it stays bought` });
      }
    }
  }
  return problems;
}

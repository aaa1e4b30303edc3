/**
 * Returns, partial refunds and withdrawals: the escrow's side (docs/returns.md). The
 * return shipment itself (label, tracking, inspection window) is the shipping domain's;
 * here is what each step does to the order and its money. The item comes back before
 * the money goes back: a return is refunded only when the seller accepts it, stays
 * silent through the inspection, or an admin decides so.
 */
import { AppError, forbidden, notFound } from "@/lib/platform/api/errors";
import { isUuid } from "@/lib/platform/api/ids";
import { db, type Tx } from "@/lib/platform/db/client";
import type { Order, Return } from "@/lib/platform/db/generated/client";
import { appFormatter, money } from "@/lib/platform/i18n/formats";
import { notify, notifyAdmins } from "@/lib/domains/notifications";
import { claimUploads, uploadedKeyOf } from "@/lib/domains/catalog";
import { prepareReturn, recordReturn, SHIPPING } from "@/lib/domains/shipping";
import { recordRefundDue } from "./ledger";
import { keptShippingOf, withdrawalUntil, withParcel } from "./order-state";
import type { OrderJson } from "./serialize";
import { act, check, moneyData, ORDER_NOT_FOUND } from "./service";
import { executeRefund } from "./settlement";
import type { Actor } from "./states";

type Viewer = { id: string; isAdmin: boolean };
type Titled = Order & { productTitle: string };

/**
 * A return from the buyer to the seller: on an admin's decision, the seller's own
 * acceptance of the buyer's complaint, or the buyer's withdrawal. The label is made at
 * the provider first (outside any transaction, idempotent on the return's id), then the
 * return is written under the order's lock.
 */
export async function openReturn(
  user: Viewer,
  orderId: string,
  action: "resolve_return" | "accept_return_request" | "withdraw",
  as: Actor,
  note: string | null,
): Promise<OrderJson> {
  const found = isUuid(orderId) ? await db.order.findUnique({ where: { id: orderId }, include: withParcel }) : null;
  check(found, user, action, as);
  if (as === "admin" && (found.buyerId === user.id || found.sellerId === user.id)) throw forbidden("An admin cannot resolve a dispute about their own order", "own_order");
  const draft = await prepareReturn(orderId);
  const { order } = await act(user, orderId, action, as, async (tx, o) => {
    const now = new Date();
    const kept = await keptShippingOf(tx, o);
    const withdrawal = action === "withdraw";
    // Not as described: the platform pays the label. A withdrawal: the buyer, out of the refund.
    const charged = withdrawal ? Math.min(draft.labelCents, o.totalCents - kept) : 0;
    const refundCents = o.totalCents - kept - charged;
    await recordReturn(tx, draft, o, { reason: withdrawal ? "withdrawal" : "not_as_described", paidBy: withdrawal ? "buyer" : "platform", refundCents, now });
    const data = { ...moneyData(o, refundCents), returnShippingCents: charged };
    if (withdrawal) {
      // Withdrawing says the buyer received it: a parcel still in its claim window is received.
      if (o.deliveryStatus === "pending") await tx.order.update({ where: { id: o.id }, data: { deliveryStatus: "confirmed", deliveryConfirmedAt: now } });
      await notify(tx, o.sellerId, "return.withdrawal_received", data);
    } else {
      await tx.order.update({
        where: { id: o.id },
        data: { disputeResolution: "return", disputeResolutionNote: note, disputeResolvedAt: now, partialRefundOfferCents: null },
      });
      await notify(tx, o.sellerId, "return.opened", data);
    }
  });
  return order;
}

/** POST /api/transactions/{id}/return/accept-request: the seller takes the item back without an admin. */
export function acceptReturnRequest(user: Viewer, orderId: string) {
  return openReturn(user, orderId, "accept_return_request", "seller", null);
}

/**
 * POST /api/transactions/{id}/withdraw: a consumer's right of withdrawal, for a business
 * seller's order within 14 days of receiving it. Each refusal says why (409 with a code).
 */
export async function withdraw(user: Viewer, orderId: string): Promise<OrderJson> {
  const order = isUuid(orderId) ? await db.order.findUnique({ where: { id: orderId }, include: withParcel }) : null;
  if (!order || (order.buyerId !== user.id && order.sellerId !== user.id && !user.isAdmin)) throw notFound(ORDER_NOT_FOUND, "order_not_found");
  if (order.buyerId !== user.id) throw forbidden("Only the buyer of this order can do this", "not_buyer");
  if (!order.seller.isBusinessSeller) {
    throw new AppError("conflict", "This seller sells privately: the right of withdrawal applies to purchases from business sellers only", { code: "withdrawal_private_seller" });
  }
  const until = withdrawalUntil(order);
  if (until && until <= new Date()) {
    throw new AppError("conflict", `The 14-day withdrawal period ended on ${until.toISOString()}`, { code: "withdrawal_period_over" });
  }
  return openReturn(user, orderId, "withdraw", "buyer", null);
}

/**
 * The return is refunded (in the caller's transaction, under the order's lock): the
 * buyer gets what the return promised (less the shipping a parcel still travelling
 * keeps), the label is booked, and the item is for sale again.
 */
export async function refundReturned(tx: Tx, order: Titled, ret: Return, now: Date, extra: Partial<Order> = {}) {
  const kept = await keptShippingOf(tx, order);
  const charged = ret.paidBy === "buyer" ? Math.min(ret.labelCents, order.totalCents - kept) : 0;
  const refundCents = order.totalCents - kept - charged;
  await tx.order.update({ where: { id: order.id }, data: { status: "refunded", refundedAt: now, partialRefundOfferCents: null, ...extra } });
  await tx.return.update({ where: { id: ret.id }, data: { status: "refunded", refundCents, closedAt: now } });
  await recordRefundDue(tx, order, {
    amountCents: refundCents,
    keptShipping: kept,
    returnLabel: { cents: ret.paidBy === "buyer" ? charged : ret.labelCents, paidBy: ret.paidBy === "buyer" ? "buyer" : "platform" },
  });
  // The item is back with the seller: for sale again (they can take it offline).
  await tx.product.updateMany({ where: { id: order.productId, status: "sold", deletedAt: null }, data: { status: "available" } });
  await notify(tx, order.buyerId, "order.refunded", moneyData(order, refundCents));
  await notify(tx, order.sellerId, "return.refunded", moneyData(order, refundCents));
}

async function returnOf(tx: Tx, orderId: string): Promise<Return> {
  return tx.return.findUniqueOrThrow({ where: { orderId } });
}

/** POST /api/transactions/{id}/return/accept: the seller accepts the returned item; the refund goes at once. */
export async function acceptReturn(user: Viewer, orderId: string): Promise<OrderJson> {
  const { order } = await act(user, orderId, "accept_return", "seller", async (tx, o) => {
    await refundReturned(tx, o, await returnOf(tx, o.id), new Date());
  });
  await executeRefund(orderId);
  return order;
}

/**
 * POST /api/transactions/{id}/return/problem {description, photos}: the item came back
 * swapped or damaged. The refund waits; the order goes to the admins' dispute queue with
 * both sides' photos.
 */
export async function reportReturnProblem(user: Viewer, orderId: string, input: { description: string; photos: string[] }): Promise<OrderJson> {
  check(isUuid(orderId) ? await db.order.findUnique({ where: { id: orderId }, include: withParcel }) : null, user, "report_return_problem", "seller");
  const description = input.description.trim();
  if (!description) {
    throw new AppError("validation", "Please describe the problem", { code: "validation", errors: [{ field: "description", message: "Please describe the problem" }] });
  }
  if (input.photos.length > SHIPPING.maxDisputePhotos) {
    throw new AppError("validation", `At most ${SHIPPING.maxDisputePhotos} photos`, { code: "validation", errors: [{ field: "photos", message: `At most ${SHIPPING.maxDisputePhotos} photos` }] });
  }
  const photos = input.photos.map((url, index) => {
    const key = uploadedKeyOf(url);
    if (!key) throw new AppError("validation", "Photo not found: upload it again", { code: "image_not_ours", errors: [{ field: `photos.${index}`, message: "Photo not found: upload it again" }] });
    return { url, key };
  });
  const { order } = await act(user, orderId, "report_return_problem", "seller", async (tx, o) => {
    if (!(await claimUploads(tx, user.id, photos.map((p) => p.key)))) {
      throw new AppError("validation", "Photo not found: upload it again", { code: "image_not_yours", errors: [{ field: "photos", message: "Photo not found: upload it again" }] });
    }
    const now = new Date();
    const ret = await returnOf(tx, o.id);
    await tx.return.update({ where: { id: ret.id }, data: { status: "disputed", problemDescription: description, problemPhotos: photos.map((p) => p.url), problemAt: now } });
    await tx.order.update({ where: { id: o.id }, data: { deliveryStatus: "disputed", disputedAt: o.disputedAt ?? now } });
    const data = moneyData(o, ret.refundCents);
    await notify(tx, o.buyerId, "return.problem_reported", data);
    await notifyAdmins(tx, "admin.dispute", data);
  });
  return order;
}

/** POST /api/transactions/{id}/partial-refund {amount}: the seller offers part of the price back to settle a dispute. */
export async function offerPartialRefund(user: Viewer, orderId: string, amountCents: number): Promise<OrderJson> {
  const found = isUuid(orderId) ? await db.order.findUnique({ where: { id: orderId }, include: withParcel }) : null;
  check(found, user, "offer_partial_refund", "seller");
  if (amountCents >= found.amountCents) {
    const detail = `A partial refund is less than the item price (${money(appFormatter("nl"), found.amountCents)}); for everything back, accept the return`;
    throw new AppError("validation", detail, { code: "partial_refund_too_high", errors: [{ field: "amount", message: detail }] });
  }
  const { order } = await act(user, orderId, "offer_partial_refund", "seller", async (tx, o) => {
    await tx.order.update({ where: { id: o.id }, data: { partialRefundOfferCents: amountCents } });
    await notify(tx, o.buyerId, "order.partial_refund_offered", moneyData(o, amountCents));
  });
  return order;
}

/**
 * POST /api/transactions/{id}/partial-refund/accept: the buyer takes the offer. The
 * dispute ends: the offer goes back to the buyer at once, and the order completes with
 * the rest paid to the seller on the payout job's next run.
 */
export async function acceptPartialRefund(user: Viewer, orderId: string): Promise<OrderJson> {
  const { order } = await act(user, orderId, "accept_partial_refund", "buyer", async (tx, o) => {
    const partial = o.partialRefundOfferCents!;
    const now = new Date();
    await tx.order.update({
      where: { id: o.id },
      data: {
        partialRefundCents: partial,
        partialRefundOfferCents: null,
        deliveryStatus: "confirmed",
        deliveryConfirmedAt: o.deliveryConfirmedAt ?? now,
        autoReleaseAt: now,
        disputeResolution: "partial_refund",
        disputeResolvedAt: now,
      },
    });
    await recordRefundDue(tx, o, { amountCents: partial });
    await notify(tx, o.buyerId, "order.refunded", moneyData(o, partial));
    await notify(tx, o.sellerId, "order.partial_refund_accepted", moneyData(o, o.amountCents - partial));
  });
  await executeRefund(orderId);
  return order;
}

/** POST /api/transactions/{id}/partial-refund/refuse: the buyer declines; the dispute stays open for an admin. */
export async function refusePartialRefund(user: Viewer, orderId: string): Promise<OrderJson> {
  const { order } = await act(user, orderId, "refuse_partial_refund", "buyer", async (tx, o) => {
    await tx.order.update({ where: { id: o.id }, data: { partialRefundOfferCents: null } });
    await notify(tx, o.sellerId, "order.partial_refund_refused", moneyData(o, o.partialRefundOfferCents!));
  });
  return order;
}

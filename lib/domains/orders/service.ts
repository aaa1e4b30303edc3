/**
 * What buyers, sellers and admins do with orders (docs/payments.md
 * section 6). Every action: find the order (404), ask the state machine who may do it
 * (403) and whether now (409), then change it in one transaction that locks the order
 * and asks again, so two requests racing cannot both act.
 */
import { AppError, forbidden, notFound, type ErrorCode } from "@/lib/platform/api/errors";
import { clearHits, enforce, giveBackHit } from "@/lib/platform/api/rate-limit";
import { isUuid } from "@/lib/platform/api/ids";
import { db, type Tx } from "@/lib/platform/db/client";
import type { Order, User } from "@/lib/platform/db/generated/client";
import { notify, notifyAdmins } from "@/lib/domains/notifications";
import { paymentProvider } from "@/lib/domains/payments";
import { recordRefundDue } from "./ledger";
import { releaseCheckout, syncCheckout } from "./fulfilment";
import { orderInclude, serializeOrder, type OrderJson } from "./serialize";
import { orderPage } from "./order-list";
import { executeRefund } from "./settlement";
import { decide, type Actor, type OrderAction } from "./states";
import { keptShippingOf, payoutDate, stateOf, type OrderRow, withParcel } from "./order-state";
import { claimUploads, uploadedKeyOf } from "@/lib/domains/catalog";
import { SHIPPING } from "@/lib/domains/shipping";
import { STATUSES_OF, type OrderFilter } from "./filters";

const MAX_DISPUTE_PHOTOS = SHIPPING.maxDisputePhotos;
import { escrowTx } from "./tx";
import { openReturn, refundReturned } from "./returns";

export const ORDER_NOT_FOUND = "Order not found";
type Viewer = Pick<User, "id" | "isAdmin">;

/** A page of the user's orders or sales, newest first; `filter` as in ./filters.ts (absent: every one). */
export async function listOrders(user: Viewer, role: "buyer" | "seller", page: { limit: number; skip: number; status?: OrderFilter }) {
  const statuses = page.status ? STATUSES_OF[page.status] : undefined;
  const { rows, total } = await orderPage({ userId: user.id, role, statuses, limit: page.limit, skip: page.skip });
  return { orders: rows.map((row) => serializeOrder(row, user)), total };
}

export async function getOrder(user: Viewer, orderId: string): Promise<OrderJson> {
  const order = isUuid(orderId) ? await db.order.findUnique({ where: { id: orderId }, include: orderInclude }) : null;
  if (!order) throw notFound(ORDER_NOT_FOUND, "order_not_found");
  if (order.buyerId !== user.id && order.sellerId !== user.id && !user.isAdmin) throw notFound(ORDER_NOT_FOUND, "order_not_found");
  return serializeOrder(order, user);
}

/** Does the buyer have an unpaid checkout holding this product (their own reservation)? */
export async function hasOpenCheckout(buyerId: string, productId: string): Promise<boolean> {
  if (!isUuid(productId)) return false;
  return (await db.order.count({ where: { buyerId, productId, status: "pending" } })) > 0;
}

const WHO: Record<Actor, string> = { buyer: "the buyer", seller: "the seller", admin: "an admin", system: "the system", other: "" };
const FORBIDDEN_CODE: Record<Actor, ErrorCode> = { buyer: "not_buyer", seller: "not_seller", admin: "admin_only", system: "not_allowed", other: "not_allowed" };

function actorOf(order: Pick<Order, "buyerId" | "sellerId">, user: Viewer, wanted: Actor): Actor {
  if (wanted === "buyer") return order.buyerId === user.id ? "buyer" : "other";
  if (wanted === "seller") return order.sellerId === user.id ? "seller" : "other";
  if (wanted === "admin") return user.isAdmin ? "admin" : "other";
  return "other";
}

/** Throws 404, 403 or 409 unless `user` may take `action` on the order now. */
export function check(order: OrderRow | null, user: Viewer, action: OrderAction, as: Actor): asserts order is OrderRow {
  if (!order) throw notFound(ORDER_NOT_FOUND, "order_not_found");
  const actor = actorOf(order, user, as);
  // Someone with no part in the order learns nothing about it.
  if (actor === "other" && order.buyerId !== user.id && order.sellerId !== user.id && !user.isAdmin) {
    throw notFound(ORDER_NOT_FOUND, "order_not_found");
  }
  const decision = decide(stateOf(order), action, actor);
  if (decision === "forbidden") throw forbidden(`Only ${WHO[as]} of this order can do this`, FORBIDDEN_CODE[as]);
  if (decision === "conflict") {
    throw new AppError("conflict", `This order cannot be changed this way now (status ${order.status}, delivery ${order.deliveryStatus})`, {
      code: "invalid_state",
    });
  }
}

export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`;
  return rows.length ? tx.order.findUnique({ where: { id: orderId }, include: withParcel }) : null;
}

/**
 * Checks before and again inside the transaction (under the row lock), then applies.
 * Returns what `apply` returns plus the fresh order JSON.
 */
export async function act<T>(
  user: Viewer,
  orderId: string,
  action: OrderAction,
  as: Actor,
  apply: (tx: Tx, order: Order & { productTitle: string }) => Promise<T>,
): Promise<{ result: T; order: OrderJson }> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND, "order_not_found");
  check(await db.order.findUnique({ where: { id: orderId }, include: withParcel }), user, action, as);
  const result = await escrowTx(async (tx) => {
    const order = await lockOrder(tx, orderId);
    check(order, user, action, as);
    const product = await tx.product.findUniqueOrThrow({ where: { id: order.productId }, select: { title: true } });
    return apply(tx, { ...order, productTitle: product.title });
  });
  return { result, order: await getOrder(user, orderId) };
}

export function moneyData(order: Order & { productTitle: string }, cents: number) {
  return { orderId: order.id, productTitle: order.productTitle, amountCents: cents };
}

/** Delivery confirmed by the buyer, or the pickup code entered by the seller. */
async function confirmHandover(tx: Tx, order: Order & { productTitle: string }, by: "buyer" | "seller") {
  const now = new Date();
  await tx.order.update({
    where: { id: order.id },
    data: { deliveryStatus: "confirmed", deliveryConfirmedAt: now, autoReleaseAt: await payoutDate(tx, order, now) },
  });
  await notify(tx, order.sellerId, "order.delivery_confirmed", moneyData(order, order.amountCents));
  if (by === "seller") await notify(tx, order.buyerId, "order.handover_confirmed", moneyData(order, order.totalCents));
  await notify(tx, order.buyerId, "review.invite", { orderId: order.id, productId: order.productId, productTitle: order.productTitle });
}

export type ConfirmInput = { confirmationType: "delivered" | "dispute"; notes: string | null; photos?: string[] };

/** POST /api/transactions/{id}/confirm-delivery: delivered, or a dispute with notes. */
export async function confirmDelivery(user: Viewer, orderId: string, input: ConfirmInput): Promise<OrderJson> {
  if (input.confirmationType === "delivered") {
    return (await act(user, orderId, "confirm_delivery", "buyer", (tx, order) => confirmHandover(tx, order, "buyer"))).order;
  }
  // Who and when first: a stranger learns nothing from a validation message.
  check(isUuid(orderId) ? await db.order.findUnique({ where: { id: orderId }, include: withParcel }) : null, user, "dispute", "buyer");
  const notes = input.notes?.trim();
  if (!notes) {
    throw new AppError("validation", "Please describe the problem", { code: "validation", errors: [{ field: "notes", message: "Please describe the problem" }] });
  }
  const photos = disputePhotoKeys(input.photos ?? []);
  const { order } = await act(user, orderId, "dispute", "buyer", async (tx, o) => {
    // The photos become the dispute's: only the buyer's own, unused uploads.
    if (!(await claimUploads(tx, user.id, photos.map((p) => p.key)))) {
      throw new AppError("validation", "Photo not found: upload it again", { code: "image_not_yours", errors: [{ field: "photos", message: "Photo not found: upload it again" }] });
    }
    await tx.order.update({
      where: { id: o.id },
      data: { deliveryStatus: "disputed", disputeNotes: notes, disputedAt: new Date(), disputePhotos: photos.map((p) => p.url) },
    });
    const data = moneyData(o, o.totalCents);
    await notify(tx, o.sellerId, "order.dispute_raised", data);
    await notify(tx, o.buyerId, "order.dispute_opened", data);
    await notifyAdmins(tx, "admin.dispute", data);
  });
  return order;
}

/** The dispute's photos: at most 5 URLs of our uploads (422 otherwise). */
function disputePhotoKeys(urls: string[]): { url: string; key: string }[] {
  if (urls.length > MAX_DISPUTE_PHOTOS) {
    throw new AppError("validation", `At most ${MAX_DISPUTE_PHOTOS} photos`, { code: "validation", errors: [{ field: "photos", message: `At most ${MAX_DISPUTE_PHOTOS} photos` }] });
  }
  return urls.map((url, index) => {
    const key = uploadedKeyOf(url);
    if (!key) throw new AppError("validation", "Photo not found: upload it again", { code: "image_not_ours", errors: [{ field: `photos.${index}`, message: "Photo not found: upload it again" }] });
    return { url, key };
  });
}

/**
 * POST /api/transactions/{id}/cancel: the buyer gives up an unpaid order. Its checkout
 * is ended at the provider first, so it cannot be paid afterwards; if it was paid in
 * the meantime the order is held and the cancel is refused (409). A cart checkout is
 * one payment, so its other unpaid orders end with it.
 */
export async function cancelOrder(user: Viewer, orderId: string): Promise<OrderJson> {
  const order = isUuid(orderId) ? await db.order.findUnique({ where: { id: orderId }, include: { checkoutSession: true, ...withParcel } }) : null;
  check(order, user, "cancel", "buyer");
  const session = order.checkoutSession;
  if (session) {
    if (session.providerSessionId) {
      try {
        await paymentProvider().expireCheckout(session.providerSessionId);
      } catch {
        throw new AppError("unavailable", "Failed to cancel order", { code: "provider_error" });
      }
    }
    await syncCheckout(session);
    await releaseCheckout(session.id, "cancelled");
  } else {
    await act(user, orderId, "cancel", "buyer", (tx, o) =>
      tx.order.update({ where: { id: o.id }, data: { status: "cancelled", cancelledAt: new Date() } }),
    );
  }
  const fresh = await getOrder(user, orderId);
  if (fresh.status !== "cancelled") {
    // Paid before the cancel reached the provider: it is an escrow order now.
    throw new AppError("conflict", "This order has been paid in the meantime", { code: "invalid_state" });
  }
  return fresh;
}

export const HANDOVER_LIMIT = { max: 5, windowSeconds: 3600 };
/**
 * Wrong codes per seller across all their orders: without it a seller with many orders
 * gets 5 guesses per order. While locked out the buyer can still confirm the handover
 * themselves (confirm-delivery counts no codes).
 */
export const HANDOVER_SELLER_LIMIT = { max: 10, windowSeconds: 3600 };
export const WRONG_CODE = "Wrong pickup code";

/** POST /api/transactions/{id}/handover {code}: the seller enters the buyer's code. */
export async function handover(user: Viewer, orderId: string, code: string): Promise<OrderJson> {
  check(isUuid(orderId) ? await db.order.findUnique({ where: { id: orderId }, include: withParcel }) : null, user, "handover", "seller");
  const orderKey = `handover:${orderId}`;
  const sellerKey = `handover:seller:${user.id}`;
  // Every attempt is counted before the comparison, in one atomic statement per limit:
  // guesses sent in parallel cannot all pass a check made before any of them was
  // counted. An attempt refused by the order's limit was never compared, so it does not
  // use up the seller's; the right code clears the order's count and gives back its
  // hit on the seller's (that one counts wrong codes only).
  await enforce({ key: sellerKey, ...HANDOVER_SELLER_LIMIT });
  try {
    await enforce({ key: orderKey, ...HANDOVER_LIMIT });
  } catch (error) {
    await giveBackHit(sellerKey);
    throw error;
  }
  let outcome: { result: boolean; order: OrderJson };
  try {
    outcome = await act(user, orderId, "handover", "seller", async (tx, o) => {
      if (o.pickupCode === null || o.pickupCode !== code) {
        await tx.order.update({ where: { id: o.id }, data: { handoverAttempts: { increment: 1 } } });
        return false;
      }
      await confirmHandover(tx, o, "seller");
      return true;
    });
  } catch (error) {
    // Not compared (the order moved on meanwhile): no wrong code for the seller's count.
    await giveBackHit(sellerKey);
    throw error;
  }
  const { result: matched, order } = outcome;
  if (!matched) throw new AppError("bad_request", WRONG_CODE, { code: "wrong_code" });
  await clearHits(orderKey);
  await giveBackHit(sellerKey);
  return order;
}

/**
 * Marks a held order refunded with its ledger rows; the provider call follows the commit.
 * The parcel's shipping stays with the parcel while other items of it are still bought.
 */
async function refundHeld(tx: Tx, order: Order & { productTitle: string }, extra: Partial<Order> = {}) {
  await tx.order.update({ where: { id: order.id }, data: { status: "refunded", refundedAt: new Date(), ...extra } });
  await recordRefundDue(tx, order, { keptShipping: await keptShippingOf(tx, order) });
}

/** POST /api/transactions/{id}/seller-cancel: the item is no longer available. */
export async function sellerCancel(user: Viewer, orderId: string): Promise<OrderJson> {
  const { order } = await act(user, orderId, "seller_cancel", "seller", async (tx, o) => {
    await refundHeld(tx, o);
    // The seller said the item is gone: it leaves the catalogue (kept for the order).
    await tx.product.update({ where: { id: o.productId }, data: { status: "available", deletedAt: new Date() } });
    await notify(tx, o.buyerId, "order.cancelled_by_seller", moneyData(o, o.totalCents - (await keptShippingOf(tx, o))));
  });
  await executeRefund(orderId);
  return order;
}

// ---------- Admin ----------

export async function listDisputes(admin: Viewer, page: { limit: number; skip: number }) {
  const where = {
    OR: [
      // A dispute whose item is on its way back waits for the return, not for an admin.
      { status: "held" as const, deliveryStatus: "disputed" as const, return: { is: null } },
      { flaggedForAdmin: true, status: { in: ["held" as const, "completed" as const] } },
      // A return the seller reported a problem with waits for an admin too.
      { status: "held" as const, return: { status: "disputed" as const, closedAt: null } },
    ],
  };
  const [rows, total] = await Promise.all([
    db.order.findMany({ where, include: orderInclude, orderBy: [{ disputedAt: "asc" }, { createdAt: "asc" }], take: page.limit, skip: page.skip }),
    db.order.count({ where }),
  ]);
  return { orders: rows.map((row) => serializeOrder(row, admin)), total };
}

/**
 * POST /api/admin/disputes/{id}/resolve (docs/returns.md): `release` (the handover counts
 * as confirmed; the seller is paid as for any confirmed order), `refund` (the buyer is
 * refunded and keeps what arrived: the item stays sold) or `return` (the buyer sends it
 * back on a label the platform pays; the refund follows the return). On a return the
 * seller reported a problem with, `release` means the buyer bears the loss and `refund`
 * that the seller does: the item came back, so it is for sale again.
 */
export async function resolveDispute(admin: Viewer, orderId: string, resolution: "refund" | "release" | "return", note: string | null) {
  if (resolution === "return") return openReturn(admin, orderId, "resolve_return", "admin", note);
  const action = resolution === "refund" ? "resolve_refund" : "resolve_release";
  const { order } = await act(admin, orderId, action, "admin", async (tx, o) => {
    if (o.buyerId === admin.id || o.sellerId === admin.id) {
      throw forbidden("An admin cannot resolve a dispute about their own order", "own_order");
    }
    const now = new Date();
    const ret = await tx.return.findUnique({ where: { orderId: o.id } });
    const resolved = { disputeResolution: resolution, disputeResolutionNote: note, disputeResolvedAt: now };
    const data = { ...moneyData(o, o.totalCents), resolution };
    if (resolution === "refund") {
      if (ret) {
        await refundReturned(tx, o, ret, now, resolved);
      } else {
        await refundHeld(tx, o, resolved);
        await notify(tx, o.buyerId, "order.refunded", moneyData(o, o.totalCents - (await keptShippingOf(tx, o))));
        await notify(tx, o.sellerId, "order.sale_refunded", data);
      }
    } else {
      if (ret) await tx.return.update({ where: { id: ret.id }, data: { status: "accepted", closedAt: now } });
      await tx.order.update({
        where: { id: o.id },
        data: { ...resolved, deliveryStatus: "confirmed", deliveryConfirmedAt: now, autoReleaseAt: await payoutDate(tx, o, now) },
      });
    }
    await notify(tx, o.buyerId, "order.dispute_resolved", data);
    await notify(tx, o.sellerId, "order.dispute_resolved", data);
  });
  if (resolution === "refund") await executeRefund(orderId);
  return order;
}

/**
 * Order fixtures: a seller's product bought by a buyer through the real endpoints, with
 * the test provider (no STRIPE_SECRET_KEY), and helpers to move the clock of the escrow
 * job. Tests that need Stripe set it up themselves (tests/support/stripe-double.ts).
 */
import { POST as createCheckout } from "@/app/api/payment/create-checkout/route";
import { POST as createCartCheckout } from "@/app/api/payments/create-checkout-cart/route";
import { POST as testAction } from "@/app/api/payments/test-checkout/[sessionId]/[action]/route";
import { POST as addToCart } from "@/app/api/cart/add/route";
import { db } from "@/lib/platform/db/client";
import { insertProduct } from "./catalog";
import { call, type CallResult } from "./http";
import type { RegisteredUser } from "./factories";

export async function productOf(seller: RegisteredUser, priceCents = 14950, title = "Gazelle damesfiets") {
  return insertProduct({ sellerId: seller.id, title, priceCents });
}

export function checkout(buyer: RegisteredUser, productId: string): Promise<CallResult> {
  return call(createCheckout, { token: buyer.token, json: { product_id: productId } });
}

export async function cartCheckout(buyer: RegisteredUser, productIds: string[]): Promise<CallResult> {
  for (const productId of productIds) {
    const added = await call(addToCart, { token: buyer.token, method: "POST", path: `/api/cart/add?product_id=${productId}` });
    if (added.status !== 200) throw new Error(`add to cart failed: ${added.status} ${JSON.stringify(added.body)}`);
  }
  return call(createCartCheckout, { token: buyer.token, json: { origin_url: "http://localhost:3000" } });
}

/** The test provider's Pay / Fail / Cancel button, as a JSON client presses it. */
export function press(buyer: RegisteredUser, sessionId: string, action: "pay" | "fail" | "cancel"): Promise<CallResult> {
  return call(testAction, {
    token: buyer.token,
    method: "POST",
    headers: { accept: "application/json" },
    params: { sessionId, action },
  });
}

/** Buys and pays: answers the held order's id. */
export async function buyAndPay(buyer: RegisteredUser, productId: string): Promise<{ orderId: string; sessionId: string }> {
  const started = await checkout(buyer, productId);
  if (started.status !== 200) throw new Error(`checkout failed: ${started.status} ${JSON.stringify(started.body)}`);
  const paid = await press(buyer, started.body.session_id, "pay");
  if (paid.status !== 200) throw new Error(`pay failed: ${paid.status} ${JSON.stringify(paid.body)}`);
  return { orderId: started.body.transaction_ids[0], sessionId: started.body.session_id };
}

export async function orderRow(orderId: string) {
  return db.order.findUniqueOrThrow({ where: { id: orderId } });
}

export const DAY = 24 * 60 * 60 * 1000;

// ---- Helpers for the cart, checkout, order action and escrow job tests ----

/** Our checkout row behind the session id the API answered, with its orders. */
export function sessionRow(sessionId: string) {
  return db.checkoutSession.findUniqueOrThrow({
    where: { providerSessionId: sessionId },
    include: { orders: { orderBy: { createdAt: "asc" } } },
  });
}

export function productRow(productId: string) {
  return db.product.findUniqueOrThrow({ where: { id: productId } });
}

/** A checkout started and unpaid: answers the pending order's id. */
export async function pendingOrder(buyer: RegisteredUser, productId: string): Promise<{ orderId: string; sessionId: string }> {
  const started = await checkout(buyer, productId);
  if (started.status !== 200) throw new Error(`checkout failed: ${started.status} ${JSON.stringify(started.body)}`);
  return { orderId: started.body.transaction_ids[0], sessionId: started.body.session_id };
}

/** The ledger of an order as sorted [kind, cents] pairs. */
export async function ledgerOf(orderId: string): Promise<[string, number][]> {
  const rows = await db.ledgerEntry.findMany({ where: { orderId }, select: { kind: true, amountCents: true } });
  return rows.map((row): [string, number] => [row.kind, row.amountCents]).sort();
}

/** The notification events a user received (sorted), optionally only those about one order. */
export async function eventsOf(userId: string, orderId?: string): Promise<string[]> {
  const rows = await db.notification.findMany({ where: { userId }, select: { event: true, data: true } });
  return rows
    .filter((row) => !orderId || (row.data as { orderId?: string } | null)?.orderId === orderId)
    .map((row) => row.event ?? "")
    .sort();
}

/** Lets a checkout's reservation lapse: the session and its products' hold ended `minutes` ago. */
export async function lapseCheckout(sessionId: string, minutes = 60): Promise<void> {
  const past = new Date(Date.now() - minutes * 60_000);
  const session = await db.checkoutSession.update({
    where: { providerSessionId: sessionId },
    data: { expiresAt: past },
    include: { orders: { select: { productId: true } } },
  });
  await db.product.updateMany({ where: { id: { in: session.orders.map((o) => o.productId) } }, data: { reservedUntil: past } });
}

/** Moves an order's payment `days` (plus a minute) into the past, for the escrow job. */
export async function paidDaysAgo(orderId: string, days: number): Promise<void> {
  await db.order.update({ where: { id: orderId }, data: { paidAt: new Date(Date.now() - days * DAY - 60_000) } });
}

/** Makes a registered user an admin. */
export async function makeAdmin(user: RegisteredUser): Promise<void> {
  await db.user.update({ where: { id: user.id }, data: { isAdmin: true } });
}

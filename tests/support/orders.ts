/**
 * Order fixtures: a seller's product bought by a buyer through the real endpoints, with
 * the test provider (no STRIPE_SECRET_KEY), and helpers to move the clock of the escrow
 * job. Tests that need Stripe set it up themselves (tests/support/stripe-double.ts).
 */
import { POST as createCheckout } from "@/app/api/payment/create-checkout/route";
import { POST as createCartCheckout } from "@/app/api/payments/create-checkout-cart/route";
import { POST as testAction } from "@/app/api/payments/test-checkout/[sessionId]/[action]/route";
import { POST as addToCart } from "@/app/api/cart/add/route";
import { db } from "@/lib/db/client";
import { insertProduct } from "./catalogue";
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

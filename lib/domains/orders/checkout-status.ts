/**
 * The buyer's view of a checkout: the status behind /payment-success, cancelling from
 * the provider's page, and the test provider's hosted page and buttons.
 */
import { AppError, notFound } from "@/lib/platform/api/errors";
import { db } from "@/lib/platform/db/client";
import type { CheckoutSession, User } from "@/lib/platform/db/generated/client";
import { paymentProvider } from "@/lib/domains/payments";
import { centsToEuro } from "@/lib/platform/money/cents";
import { findCheckout, fulfilPaid, releaseCheckout, syncCheckout } from "./fulfilment";
import type { CheckoutStatusJson, TestCheckoutActionJson, TestCheckoutJson } from "./responses";

export const CHECKOUT_NOT_FOUND = "Checkout session not found";

async function ownCheckout(user: Pick<User, "id">, sessionId: string): Promise<CheckoutSession> {
  const session = await findCheckout(sessionId);
  // Someone else's session is "not found": its id reveals nothing.
  if (!session || session.buyerId !== user.id) throw notFound(CHECKOUT_NOT_FOUND, "checkout_not_found");
  return session;
}

async function statusOf(checkoutId: string): Promise<CheckoutStatusJson> {
  const session = await db.checkoutSession.findUniqueOrThrow({
    where: { id: checkoutId },
    include: { orders: { select: { id: true, productId: true, product: { select: { title: true } } }, orderBy: { createdAt: "asc" } } },
  });
  const ids = session.orders.map((order) => order.id);
  // The provider's page while this checkout can still be paid (a second try after a failed
  // attempt); null once it ended, when trying again means starting from the item.
  const payable = session.status === "open" && session.paymentStatus !== "paid" && session.expiresAt > new Date();
  return {
    session_id: session.providerSessionId ?? session.id,
    status: session.status,
    payment_status: session.paymentStatus,
    amount_total: session.amountTotalCents,
    currency: session.currency,
    transaction_id: ids[0] ?? null,
    transaction_ids: ids,
    checkout_url: payable ? session.checkoutUrl : null,
    products: session.orders.map((order) => ({ id: order.productId, title: order.product.title })),
  };
}

/** GET /api/payments/checkout-status/{session_id}: asks the provider, fulfils if paid. */
export async function checkoutStatus(user: Pick<User, "id">, sessionId: string): Promise<CheckoutStatusJson> {
  const session = await ownCheckout(user, sessionId);
  try {
    await syncCheckout(session);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("unavailable", "Error checking payment status", { code: "provider_error" });
  }
  return statusOf(session.id);
}

/** POST /api/payments/cancel-checkout/{session_id}: the buyer left the provider's page. */
export async function cancelCheckout(user: Pick<User, "id">, sessionId: string): Promise<CheckoutStatusJson> {
  const session = await ownCheckout(user, sessionId);
  if (session.status === "open" && session.paymentStatus !== "paid") {
    try {
      if (session.providerSessionId) await paymentProvider().expireCheckout(session.providerSessionId);
      await syncCheckout(session);
    } catch {
      throw new AppError("unavailable", "Failed to cancel the payment", { code: "provider_error" });
    }
    await releaseCheckout(session.id, "cancelled");
  }
  return statusOf(session.id);
}

function requireTestProvider() {
  if (paymentProvider().name !== "test") throw notFound("Not found", "not_found");
}

/** GET /api/payments/test-checkout/{session_id}: what the test checkout page shows. */
export async function testCheckoutView(user: Pick<User, "id">, sessionId: string): Promise<TestCheckoutJson> {
  requireTestProvider();
  const session = await ownCheckout(user, sessionId);
  const orders = await db.order.findMany({
    where: { checkoutSessionId: session.id },
    orderBy: { createdAt: "asc" },
    include: { product: { select: { id: true, title: true, images: { orderBy: { position: "asc" }, take: 1, select: { url: true } } } } },
  });
  return {
    ...(await statusOf(session.id)),
    expires_at: session.expiresAt.toISOString(),
    items: orders.map((order) => ({
      product_id: order.productId,
      title: order.product.title,
      image: order.product.images[0]?.url ?? null,
      amount: centsToEuro(order.amountCents),
      commission: centsToEuro(order.commissionCents),
      // The parcel's shipping, on its first order (docs/shipping.md).
      shipping: centsToEuro(order.shippingCents),
    })),
  };
}

export type TestCheckoutAction = "pay" | "fail" | "cancel";

/**
 * The test provider's buttons: the same state changes as Stripe's
 * checkout.session.completed, async_payment_failed and expired events. Returns where
 * Stripe would send the browser next.
 */
export async function testCheckoutAction(user: Pick<User, "id">, sessionId: string, action: TestCheckoutAction): Promise<TestCheckoutActionJson> {
  requireTestProvider();
  const session = await ownCheckout(user, sessionId);
  if (session.status !== "open") {
    throw new AppError("conflict", "This checkout is no longer open", { code: "checkout_closed" });
  }
  if (action === "pay") {
    if (session.expiresAt < new Date()) {
      await releaseCheckout(session.id, "expired");
      throw new AppError("conflict", "This checkout has expired", { code: "checkout_expired" });
    }
    const paymentIntentId = `pi_testmode_${session.id.replaceAll("-", "")}`;
    await fulfilPaid(session.id, { paymentIntentId, chargeId: `ch_testmode_${session.id.replaceAll("-", "")}`, amountTotalCents: session.amountTotalCents });
  } else {
    await releaseCheckout(session.id, action === "fail" ? "failed" : "cancelled");
  }
  // Answer with the state the order really ended in: a Pay racing a Cancel (two tabs, a
  // double click) must not say "paid" while the order ends refunded, nor the other way.
  const held = await db.order.count({ where: { checkoutSessionId: session.id, status: { in: ["held", "completed"] } } });
  if (action === "pay" && held === 0) {
    throw new AppError("conflict", "This checkout was cancelled before the payment went through", { code: "checkout_closed" });
  }
  if (action !== "pay" && held > 0) {
    throw new AppError("conflict", "This checkout has already been paid", { code: "checkout_paid" });
  }
  const redirectUrl = (action === "cancel" ? session.cancelUrl : session.successUrl) ?? "/payment-success";
  return { redirect_url: redirectUrl, ...(await statusOf(session.id)) };
}

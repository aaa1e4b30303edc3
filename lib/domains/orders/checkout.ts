/**
 * Starting a payment (docs/payments.md).
 *
 * 1. In one transaction: lock the products without waiting (a product another checkout
 *    is reserving at this moment is answered 409 "reserved" at once, so a lock held
 *    elsewhere never holds a connection), check each can be bought, reserve them, and write
 *    the checkout session and one pending order per product. The unique
 *    orders.active_product_id makes a second reservation of one product impossible even
 *    if this check were wrong.
 * 2. After the commit: create the provider's hosted checkout (a network call, never
 *    inside a transaction). If that fails, the reservation is released at once.
 */
import { AppError, notFound } from "@/lib/platform/api/errors";
import { enforce } from "@/lib/platform/api/rate-limit";
import { isUuid } from "@/lib/platform/api/ids";
import { PRODUCT_NOT_FOUND } from "@/lib/domains/catalog";
import { db, type Tx } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";
import { env } from "@/lib/platform/env";
import { log } from "@/lib/platform/log";
import { acceptedOfferPrices } from "@/lib/domains/offers";
import { paymentProvider } from "@/lib/domains/payments";
import { commissionCents } from "@/lib/domains/payments";
import type { CheckoutLine } from "@/lib/domains/payments";
import { purchaseBlocker, PRODUCT_RESERVED } from "./cart";
import { transferGroupOf } from "./checkout-ids";
import { releaseCheckout } from "./fulfilment";
import { ESCROW } from "./states";
import { createParcels, planDelivery, resolveDestination, shippingTotal, type DeliveryRequest } from "@/lib/domains/shipping";
import { refuseHigherThanShown, type ShownPrices } from "./price-check";
import type { CheckoutJson } from "./responses";
import { escrowTx, isLockNotAvailable, isUniqueViolation } from "./tx";

export { shownCartPrices, shownPrices, type ShownPrices } from "./price-check";

/** At most this many checkouts per buyer per hour: reservations lock items for others. */
const CHECKOUT_LIMIT = { max: 20, windowSeconds: 3600 };
/** Per client address too: many fresh accounts from one place hoard like one account. */
const CHECKOUT_IP_LIMIT = { max: 60, windowSeconds: 3600 };
/** Reservations an account may let lapse unpaid within LAPSE_WINDOW_MS before a pause. */
export const MAX_LAPSED_RESERVATIONS = 3;
const LAPSE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * An account that reserved and let the reservation lapse unpaid MAX_LAPSED_RESERVATIONS
 * times in 24 hours is refused new checkouts until the oldest of those is a day old.
 * (A lapse: the checkout ended at or after its expiry; cancelling or replacing it
 * oneself does not count.)
 */
async function refuseRepeatedLapses(buyerId: string): Promise<void> {
  const since = new Date(Date.now() - LAPSE_WINDOW_MS);
  // Ending one's own checkout early is no lapse, unless the same items were held again
  // by a later checkout of the buyer: starting over before the expiry (or cancelling and
  // starting again) is how one account would otherwise keep items off the market.
  const lapsed = await db.$queryRaw<{ created_at: Date }[]>`
    SELECT s.created_at FROM checkout_sessions s
    WHERE s.buyer_id = ${buyerId}::uuid AND s.status = 'expired' AND s.payment_status = 'unpaid'
      AND s.created_at > ${since}
      AND (s.updated_at >= s.expires_at OR EXISTS (
        SELECT 1 FROM orders o JOIN orders later
          ON later.product_id = o.product_id AND later.buyer_id = o.buyer_id
         AND later.checkout_session_id <> o.checkout_session_id AND later.created_at > o.created_at
        WHERE o.checkout_session_id = s.id))
    ORDER BY s.created_at ASC`;
  if (lapsed.length < MAX_LAPSED_RESERVATIONS) return;
  const until = lapsed[0]!.created_at.getTime() + LAPSE_WINDOW_MS;
  throw new AppError(
    "rate_limited",
    "You let several reservations expire without paying. You can check out again later.",
    { code: "too_many_lapsed", retryAfterSeconds: Math.max(60, Math.ceil((until - Date.now()) / 1000)) },
  );
}
/** A cart checkout pays for at most this many items at once (Stripe metadata holds 500
 * characters: 12 order ids). */
export const MAX_CHECKOUT_ITEMS = 12;

/**
 * The origin the provider sends the buyer back to. Only our own origins are accepted
 * (no open redirect): APP_URL and ALLOWED_ORIGINS. Absent: APP_URL.
 */
export function returnOrigin(originUrl: string | undefined): string {
  const config = env();
  const allowed = new Set([new URL(config.APP_URL).origin, ...config.ALLOWED_ORIGINS]);
  if (!originUrl) return new URL(config.APP_URL).origin;
  let origin: string;
  try {
    const url = new URL(originUrl);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("scheme");
    origin = url.origin;
  } catch {
    throw new AppError("bad_request", "origin_url must be an absolute http(s) URL", { code: "bad_origin_url" });
  }
  if (!allowed.has(origin)) {
    throw new AppError("bad_request", "origin_url is not one of this site's addresses", { code: "bad_origin_url" });
  }
  return origin;
}

type Reserved = { checkoutId: string; orderIds: string[]; lines: CheckoutLine[]; amountTotalCents: number; expiresAt: Date; replaced: string[] };

export type CheckoutOptions = { origin: string; locale?: "nl" | "en"; ip?: string; shown?: ShownPrices; delivery?: DeliveryRequest };

export async function startCheckout(buyer: Pick<User, "id" | "email" | "name">, productIds: string[], options: CheckoutOptions): Promise<CheckoutJson> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) throw new AppError("bad_request", "Your cart is empty", { code: "empty_cart" });
  if (ids.length > MAX_CHECKOUT_ITEMS) {
    throw new AppError("bad_request", `At most ${MAX_CHECKOUT_ITEMS} items can be paid at once`, { code: "too_many_items" });
  }
  if (!ids.every(isUuid)) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");
  await enforce(
    { key: `checkout:${buyer.id}`, ...CHECKOUT_LIMIT },
    ...(options.ip ? [{ key: `checkout:ip:${options.ip}`, ...CHECKOUT_IP_LIMIT }] : []),
  );
  await refuseRepeatedLapses(buyer.id);
  const delivery = options.delivery ?? {};
  const destination = await resolveDestination(delivery, buyer.name);

  const provider = paymentProvider();
  let reserved: Reserved;
  try {
    reserved = await escrowTx((tx) => reserve(tx, buyer.id, ids, provider.name, options.shown ?? {}, { request: delivery, destination }));
  } catch (error) {
    if (isUniqueViolation(error, "active_product_id")) {
      throw new AppError("conflict", PRODUCT_RESERVED, { code: "reserved" });
    }
    throw error;
  }
  // The buyer's own earlier, unpaid checkouts for these products were cancelled above;
  // end them at the provider too, so they can no longer be paid.
  for (const old of reserved.replaced) await expireAtProvider(old);

  const successUrl = `${options.origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`;
  const cancelUrl = `${options.origin}/payment-success?session_id={CHECKOUT_SESSION_ID}&cancelled=1`;
  try {
    const created = await provider.createCheckout({
      checkoutId: reserved.checkoutId,
      orderIds: reserved.orderIds,
      buyerId: buyer.id,
      buyerEmail: buyer.email,
      lines: reserved.lines,
      amountTotalCents: reserved.amountTotalCents,
      transferGroup: transferGroupOf(reserved.checkoutId),
      successUrl,
      cancelUrl,
      expiresAt: reserved.expiresAt,
      locale: options.locale ?? "nl",
      idempotencyKey: `checkout-${reserved.checkoutId}`,
    });
    await db.checkoutSession.update({
      where: { id: reserved.checkoutId },
      data: {
        providerSessionId: created.providerSessionId,
        checkoutUrl: created.url,
        successUrl: successUrl.replace("{CHECKOUT_SESSION_ID}", created.providerSessionId),
        cancelUrl: cancelUrl.replace("{CHECKOUT_SESSION_ID}", created.providerSessionId),
      },
    });
    return { checkout_url: created.url, session_id: created.providerSessionId, transaction_ids: reserved.orderIds };
  } catch (error) {
    log().error({ err: error, checkoutId: reserved.checkoutId }, "creating the provider checkout failed");
    await releaseCheckout(reserved.checkoutId, "failed");
    throw new AppError("unavailable", "Failed to create payment", { code: "provider_error" });
  }
}

/**
 * Cancels the checkouts that give way to a new one, whole (a cart checkout pays for all
 * its items or none); their products other than `keep` become available again.
 */
async function cancelReplaced(tx: Tx, sessionIds: string[], keep: string[], now: Date): Promise<void> {
  if (sessionIds.length === 0) return;
  const cancelled = await tx.order.findMany({
    where: { checkoutSessionId: { in: sessionIds }, status: "pending" },
    select: { productId: true },
  });
  await tx.order.updateMany({
    where: { checkoutSessionId: { in: sessionIds }, status: "pending" },
    data: { status: "cancelled", cancelledAt: now },
  });
  await tx.checkoutSession.updateMany({ where: { id: { in: sessionIds }, status: "open" }, data: { status: "expired" } });
  await tx.product.updateMany({
    where: { id: { in: cancelled.map((o) => o.productId).filter((id) => !keep.includes(id)) }, status: "reserved" },
    data: { status: "available", reservedUntil: null },
  });
}

async function reserve(
  tx: Tx,
  buyerId: string,
  ids: string[],
  provider: "stripe" | "test",
  shown: ShownPrices,
  delivery: { request: DeliveryRequest; destination: Awaited<ReturnType<typeof resolveDestination>> },
): Promise<Reserved> {
  const now = new Date();
  const products = await tx.$queryRaw<
    {
      id: string;
      seller_id: string;
      title: string;
      price_cents: number;
      status: string;
      reserved_until: Date | null;
      deleted_at: Date | null;
      seller_active: boolean;
      delivery_options: string[];
      parcel_size: "mailbox" | "parcel" | "large" | null;
    }[]
  >`SELECT p.id, p.seller_id, p.title, p.price_cents, p.status::text AS status, p.reserved_until, p.deleted_at,
           p.delivery_options::text[] AS delivery_options, p.parcel_size::text AS parcel_size,
           (NOT u.is_banned AND u.deleted_at IS NULL) AS seller_active
    FROM products p JOIN users u ON u.id = p.seller_id
    WHERE p.id = ANY(${ids}::uuid[]) ORDER BY p.id FOR UPDATE OF p NOWAIT`.catch((error: unknown) => {
    // A product's row is locked right now: another buyer's checkout is reserving it (it
    // holds the lock for milliseconds, then the product is reserved), or someone else
    // holds it. Waiting would hold one of the instance's few connections for as long as
    // the lock lasts; the answer is the one that buyer would get a moment later anyway.
    // Throwing rolls this transaction back: nothing is reserved.
    if (isLockNotAvailable(error)) throw new AppError("conflict", PRODUCT_RESERVED, { code: "reserved" });
    throw error;
  });
  if (products.length !== ids.length) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");

  // Who holds the reserved ones: a lapsed reservation, or the buyer's own unfinished
  // checkout, gives way (its orders are cancelled); anyone else's does not.
  const holders = await tx.order.findMany({
    where: { productId: { in: ids }, status: "pending" },
    select: { id: true, productId: true, buyerId: true, checkoutSessionId: true },
  });
  const replaced = new Set<string>();
  // Products the buyer already holds, with the end of that hold: starting again does not
  // move it (the hold cannot be renewed indefinitely by starting over).
  const keptHolds = new Map<string, Date>();
  for (const product of products) {
    const holder = holders.find((order) => order.productId === product.id);
    const own = holder?.buyerId === buyerId;
    if (own && product.status === "reserved" && product.reserved_until && product.reserved_until > now) {
      keptHolds.set(product.id, product.reserved_until);
    }
    const blocker = purchaseBlocker(
      {
        sellerId: product.seller_id,
        status: product.status,
        deletedAt: product.deleted_at,
        reservedUntil: own ? new Date(0) : product.reserved_until,
        sellerActive: product.seller_active,
      },
      buyerId,
      now,
    );
    if (blocker) throw blocker;
    if (holder?.checkoutSessionId) replaced.add(holder.checkoutSessionId);
  }

  // An accepted offer's price holds for this buyer only (lib/domains/offers/service.ts).
  const offers = await acceptedOfferPrices(tx, buyerId, ids, now);
  const priced = products
    .map((p) => ({ ...p, price_cents: Math.min(offers.get(p.id) ?? p.price_cents, p.price_cents) }))
    .map((p) => ({ ...p, commission: commissionCents(p.price_cents) }));
  const plan = planDelivery(products, delivery.request, delivery.destination);
  const amountTotalCents = priced.reduce((sum, p) => sum + p.price_cents + p.commission, 0) + shippingTotal(plan);
  refuseHigherThanShown(priced, amountTotalCents, shown);
  // One open checkout per buyer (docs/payments.md "Reservation limits"): a new one
  // replaces every earlier unpaid one, so one account holds at most 12 items at a time.
  const ownOpen = await tx.checkoutSession.findMany({ where: { buyerId, status: "open", paymentStatus: "unpaid" }, select: { id: true } });
  for (const session of ownOpen) replaced.add(session.id);
  await cancelReplaced(tx, [...replaced], ids, now);

  const expiresAt = new Date(now.getTime() + ESCROW.checkoutMinutes * 60_000);
  const reservedUntil = new Date(expiresAt.getTime() + ESCROW.reservationGraceMinutes * 60_000);
  const fresh = ids.filter((id) => !keptHolds.has(id));
  await tx.product.updateMany({ where: { id: { in: fresh } }, data: { status: "reserved", reservedUntil } });
  for (const [id, until] of keptHolds) {
    await tx.product.update({ where: { id }, data: { status: "reserved", reservedUntil: until } });
  }

  const session = await tx.checkoutSession.create({
    data: { buyerId, provider, amountTotalCents, expiresAt },
  });
  const parcelOf = await createParcels(tx, session.id, buyerId, plan);
  const lines: CheckoutLine[] = [];
  const orderIds: string[] = [];
  // In the order the buyer asked for them (the cart's order).
  for (const id of ids) {
    const p = priced.find((row) => row.id === id)!;
    const parcel = parcelOf.get(id);
    // The parcel's shipping is paid on its first order (one line, one ledger row).
    const shippingCents = parcel && parcel.first === id ? parcel.shippingCents : 0;
    const order = await tx.order.create({
      data: {
        buyerId,
        sellerId: p.seller_id,
        productId: p.id,
        checkoutSessionId: session.id,
        amountCents: p.price_cents,
        commissionCents: p.commission,
        totalCents: p.price_cents + p.commission + shippingCents,
        deliveryMethod: plan.methods.get(id) ?? "pickup",
        parcelId: parcel?.id ?? null,
        shippingCents,
      },
    });
    orderIds.push(order.id);
    lines.push({ name: p.title, amountCents: p.price_cents, orderId: order.id, kind: "item" });
    if (p.commission > 0) {
      lines.push({ name: `Servicekosten Kringwaar (5%): ${p.title}`.slice(0, 250), amountCents: p.commission, orderId: order.id, kind: "fee" });
    }
    if (shippingCents > 0) lines.push({ name: `Verzending: ${p.title}`.slice(0, 250), amountCents: shippingCents, orderId: order.id, kind: "shipping" });
  }
  return { checkoutId: session.id, orderIds, lines, amountTotalCents, expiresAt, replaced: [...replaced] };
}

/** Ends a checkout at the provider; failures are logged (the session expires anyway). */
async function expireAtProvider(checkoutId: string) {
  const session = await db.checkoutSession.findUnique({ where: { id: checkoutId }, select: { providerSessionId: true } });
  if (!session?.providerSessionId) return;
  try {
    await paymentProvider().expireCheckout(session.providerSessionId);
  } catch (error) {
    log().warn({ err: error, checkoutId }, "could not expire a replaced checkout at the provider");
  }
}

/**
 * The buyer's cart, all of it (POST /api/payments/create-checkout-cart). Prices the
 * client says it showed win; for the others the cart's own memory of the price when the
 * item was added counts, so the mobile apps that send nothing are covered too. A refusal
 * for a higher price tells the buyer the new price: the cart remembers it, and the next
 * checkout goes ahead at it.
 */
export async function startCartCheckout(buyer: Pick<User, "id" | "email" | "name">, options: CheckoutOptions) {
  const items = await db.cartItem.findMany({
    where: { userId: buyer.id, product: { deletedAt: null } },
    orderBy: { createdAt: "asc" },
    select: { productId: true, priceCents: true },
  });
  const seen = new Map<string, number>();
  for (const item of items) if (item.priceCents !== null) seen.set(item.productId, item.priceCents);
  for (const [id, cents] of options.shown?.items ?? []) seen.set(id, cents);
  try {
    return await startCheckout(buyer, items.map((item) => item.productId), { ...options, shown: { ...options.shown, items: seen } });
  } catch (error) {
    if (error instanceof AppError && error.code === "price_changed") await rememberShownPrices(buyer.id, items.map((item) => item.productId));
    throw error;
  }
}

/** The buyer was just shown the current prices (the 409's body): the cart keeps them. */
async function rememberShownPrices(buyerId: string, productIds: string[]) {
  await db.$executeRaw`
    UPDATE cart_items c SET price_cents = p.price_cents FROM products p
    WHERE c.user_id = ${buyerId}::uuid AND c.product_id = p.id AND p.id = ANY(${productIds}::uuid[])`;
}

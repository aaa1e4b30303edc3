/**
 * Offers ("bieden", docs/messaging.md "Offers"). In a
 * conversation about an available product the buyer offers below the price; the seller
 * accepts, declines or counters (a counter is a new pending offer by the seller, which
 * the buyer in turn accepts, declines or counters); the maker may withdraw a pending
 * one. One pending offer per buyer and product, checked under the product's row lock.
 * Pending offers expire after 48 hours (the escrow job); an accepted offer's price holds
 * 48 hours for that buyer's checkout only (`acceptedOfferPrices`).
 */
import type { OfferJson } from "./responses";
import { AppError, notFound } from "@/lib/platform/api/errors";
import { isUuid } from "@/lib/platform/api/ids";
import { centsToEuro } from "@/lib/platform/money/cents";
import { db, Prisma, type Tx } from "@/lib/platform/db/client";
import type { Offer } from "@/lib/platform/db/generated/client";
import { publishEvent } from "@/lib/platform/events/publish";
import { log } from "@/lib/platform/log";
import { appendMessage, conversationFor, messageText, rateLimitMessages } from "@/lib/domains/messaging";
import { parsePriceInput, type PriceLocale } from "@/lib/platform/money/price-input";
import { notify } from "@/lib/domains/notifications";
import { isOfferTooLow } from "./rules";
import { HOUR_MS, OFFER_EVENT, OFFER_HOURS, actorOf, decideOffer, nextOfferStatus, type OfferParty } from "./states";

export const OFFER_NOT_FOUND = "Offer not found";
export const OFFER_NOT_PENDING = "This offer is no longer open";
export const OFFER_PENDING_EXISTS = "You already have an open offer for this product";
export const OFFER_NOT_BELOW_PRICE = "An offer must be below the price";
export const OFFER_BAD_AMOUNT = "Enter a valid amount";
export const OFFER_TOO_LOW = "This offer is too low for the seller";
export const PRODUCT_NOT_AVAILABLE = "This product is not available";

type Me = { id: string; name: string };

/** The amount as typed (text in the page's language) or a number of euros (the apps). */
export function parseOfferAmount(amount: unknown, locale: PriceLocale): number {
  const text = typeof amount === "number" && Number.isFinite(amount) ? String(amount) : typeof amount === "string" ? amount : "";
  const parsed = parsePriceInput(text, typeof amount === "number" ? "en" : locale);
  if (!parsed.ok) {
    throw new AppError("validation", OFFER_BAD_AMOUNT, { code: `amount_${parsed.error}`, errors: [{ field: "amount", message: OFFER_BAD_AMOUNT }] });
  }
  return parsed.cents;
}

export function serializeOffer(offer: Offer, messageId?: string | null): OfferJson {
  return {
    id: offer.id,
    conversation_id: offer.conversationId,
    product_id: offer.productId,
    buyer_id: offer.buyerId,
    seller_id: offer.sellerId,
    made_by: offer.madeBy,
    amount: centsToEuro(offer.amountCents),
    amount_cents: offer.amountCents,
    status: offer.status,
    expires_at: offer.expiresAt.toISOString(),
    created_at: offer.createdAt.toISOString(),
    message_id: messageId ?? null,
  };
}

type LockedProduct = { id: string; title: string; price_cents: number; min_offer_cents: number | null; status: string; deleted_at: Date | null };

export async function lockProduct(tx: Tx, productId: string | null): Promise<LockedProduct> {
  const rows = productId
    ? await tx.$queryRaw<LockedProduct[]>`
        SELECT id, title, price_cents, min_offer_cents, status::text AS status, deleted_at FROM products WHERE id = ${productId}::uuid FOR UPDATE`
    : [];
  const product = rows[0];
  if (!product || product.deleted_at || product.status === "sold") {
    throw new AppError("conflict", PRODUCT_NOT_AVAILABLE, { code: "product_unavailable" });
  }
  return product;
}

export async function ensureActive(userId: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { isBanned: true, deletedAt: true } });
  if (!user || user.isBanned || user.deletedAt) {
    throw new AppError("conflict", "This user can no longer receive messages", { code: "recipient_unavailable" });
  }
}

export async function createOffer(
  tx: Tx,
  me: Me,
  conv: { id: string; buyerId: string; sellerId: string },
  product: LockedProduct,
  madeBy: OfferParty,
  amountCents: number,
) {
  if (amountCents >= product.price_cents) {
    throw new AppError("validation", OFFER_NOT_BELOW_PRICE, { code: "not_below_price", errors: [{ field: "amount", message: OFFER_NOT_BELOW_PRICE }] });
  }
  // The seller's minimum (or half the price): for the buyer's offers and counters only.
  if (madeBy === "buyer" && isOfferTooLow(amountCents, product.price_cents, product.min_offer_cents)) throw offerTooLow();
  const pending = await tx.offer.count({ where: { productId: product.id, buyerId: conv.buyerId, status: "pending" } });
  if (pending > 0) throw new AppError("conflict", OFFER_PENDING_EXISTS, { code: "offer_pending" });
  const now = new Date();
  const offer = await tx.offer.create({
    data: {
      conversationId: conv.id,
      productId: product.id,
      buyerId: conv.buyerId,
      sellerId: conv.sellerId,
      madeBy,
      amountCents,
      expiresAt: new Date(now.getTime() + OFFER_HOURS.pending * HOUR_MS),
      createdAt: now,
    },
  });
  // A system message: the offer as an event, shown in each reader's language (the
  // stored text is the Dutch one).
  const event = { kind: "offer", data: { offer_id: offer.id, amount_cents: amountCents, made_by: madeBy } };
  const message = await appendMessage(tx, me, conv.id, messageText("", event, "nl"), { offerId: offer.id, notifyAs: false, event });
  return { offer, messageId: message.id };
}

export function offerTooLow(): AppError {
  return new AppError("validation", OFFER_TOO_LOW, { code: "offer_too_low", errors: [{ field: "amount", message: OFFER_TOO_LOW }] });
}

/** POST /api/conversations/{id}/offers {amount}: the buyer's offer. */
export async function makeOffer(me: Me, conversationId: string, amount: unknown, locale: PriceLocale) {
  const conv = await conversationFor(me.id, conversationId);
  if (conv.buyerId !== me.id) throw new AppError("forbidden", "Only the buyer can make an offer", { code: "not_buyer" });
  const amountCents = parseOfferAmount(amount, locale);
  await ensureActive(conv.sellerId);
  await rateLimitMessages(me.id);
  const { offer, messageId } = await db.$transaction(async (tx) => {
    const product = await lockProduct(tx, conv.productId);
    if (product.status !== "available") throw new AppError("conflict", PRODUCT_NOT_AVAILABLE, { code: "product_unavailable" });
    const made = await createOffer(tx, me, conv, product, "buyer", amountCents);
    await notifyParty(tx, conv.sellerId, "offer.made", made.offer, product.title, me.name);
    return made;
  });
  return serializeOffer(offer, messageId);
}

export async function notifyParty(tx: Tx, userId: string, event: (typeof OFFER_EVENT)[keyof typeof OFFER_EVENT] | "offer.made", offer: Offer, productTitle: string, senderName: string) {
  await notify(tx, userId, event, {
    conversationId: offer.conversationId,
    offerId: offer.id,
    productTitle,
    senderName,
    amountCents: offer.amountCents,
  });
  const row = await tx.notification.findFirst({ where: { userId, event }, orderBy: { createdAt: "desc" }, select: { id: true } });
  if (row) await publishEvent(tx, userId, { type: "notification", notificationId: row.id });
  await publishEvent(tx, userId, { type: "unread" });
}

/** POST /api/offers/{id}/accept|decline|counter|withdraw. */
export async function respondToOffer(me: Me, offerId: string, action: "accept" | "decline" | "counter" | "withdraw", amount: unknown, locale: PriceLocale) {
  const offer = isUuid(offerId) ? await db.offer.findUnique({ where: { id: offerId }, include: { message: { select: { id: true } } } }) : null;
  if (!offer) throw notFound(OFFER_NOT_FOUND, "offer_not_found");
  const actor = actorOf({ madeBy: offer.madeBy as OfferParty, buyerId: offer.buyerId, sellerId: offer.sellerId }, me.id);
  if (actor === "other") throw notFound(OFFER_NOT_FOUND, "offer_not_found");
  const decision = decideOffer(offer.status, action, actor);
  if (decision === "forbidden") {
    const detail = action === "withdraw" ? "Only who made the offer can withdraw it" : "Only the other party can answer this offer";
    throw new AppError("forbidden", detail, { code: "not_allowed" });
  }
  const now = new Date();
  if (decision === "conflict" || offer.expiresAt <= now) throw new AppError("conflict", OFFER_NOT_PENDING, { code: "offer_not_pending" });
  const counterCents = action === "counter" ? parseOfferAmount(amount, locale) : 0;
  const other = offer.buyerId === me.id ? offer.sellerId : offer.buyerId;
  if (action === "counter") await rateLimitMessages(me.id);

  const result = await db.$transaction(async (tx) => {
    const conv = await tx.conversation.findUniqueOrThrow({ where: { id: offer.conversationId }, select: { id: true, buyerId: true, sellerId: true } });
    const product = await lockProduct(tx, offer.productId);
    const status = nextOfferStatus(action);
    const changed = await tx.offer.updateMany({
      where: { id: offer.id, status: "pending", expiresAt: { gt: now } },
      data: { status, respondedAt: now, ...(action === "accept" ? { expiresAt: new Date(now.getTime() + OFFER_HOURS.acceptedHold * HOUR_MS) } : {}) },
    });
    if (changed.count === 0) throw new AppError("conflict", OFFER_NOT_PENDING, { code: "offer_not_pending" });
    const updated = await tx.offer.findUniqueOrThrow({ where: { id: offer.id } });
    if (action === "counter") {
      const party: OfferParty = me.id === conv.buyerId ? "buyer" : "seller";
      const counter = await createOffer(tx, me, conv, product, party, counterCents);
      await notifyParty(tx, other, OFFER_EVENT.counter, counter.offer, product.title, me.name);
      return { offer: counter.offer, messageId: counter.messageId, previous: updated };
    }
    await notifyParty(tx, other, OFFER_EVENT[action], updated, product.title, me.name);
    if (offer.message) {
      // The thread shows the offer's new status: both sides refetch that message.
      for (const userId of [other, me.id]) {
        await publishEvent(tx, userId, { type: "message", conversationId: conv.id, messageId: offer.message.id });
      }
    }
    return { offer: updated, messageId: offer.message?.id ?? null, previous: null };
  });
  return { ...serializeOffer(result.offer, result.messageId), previous: result.previous ? serializeOffer(result.previous, offer.message?.id) : null };
}

/**
 * The escrow job's step: pending offers older than 48 hours expire; both parties are
 * told. Conditional on the status, so two runs expire each offer once.
 */
export async function expireOffers(now: Date = new Date()): Promise<number> {
  const due = await db.offer.findMany({
    where: { status: "pending", expiresAt: { lte: now } },
    include: { product: { select: { title: true } }, message: { select: { id: true } } },
    take: 200,
  });
  let expired = 0;
  for (const offer of due) {
    try {
      const done = await db.$transaction(async (tx) => {
        const claimed = await tx.offer.updateMany({ where: { id: offer.id, status: "pending" }, data: { status: "expired", respondedAt: now } });
        if (claimed.count === 0) return false;
        for (const userId of [offer.buyerId, offer.sellerId]) {
          await notifyParty(tx, userId, "offer.expired", { ...offer, status: "expired" }, offer.product.title, "");
          if (offer.message) await publishEvent(tx, userId, { type: "message", conversationId: offer.conversationId, messageId: offer.message.id });
        }
        return true;
      });
      if (done) expired += 1;
    } catch (error) {
      log().error({ err: error, offerId: offer.id }, "could not expire an offer");
    }
  }
  return expired;
}

/**
 * The price an accepted, still-holding offer gives this buyer, per product (checkout's
 * lookup; everyone else pays the list price).
 */
export async function acceptedOfferPrices(tx: Tx, buyerId: string, productIds: string[], now: Date): Promise<Map<string, number>> {
  const offers = await tx.offer.findMany({
    where: { buyerId, productId: { in: productIds }, status: "accepted", expiresAt: { gt: now } },
    orderBy: { respondedAt: "desc" },
    select: { productId: true, amountCents: true },
  });
  const prices = new Map<string, number>();
  for (const offer of offers) if (!prices.has(offer.productId)) prices.set(offer.productId, offer.amountCents);
  return prices;
}

/**
 * The buyer's accepted offer on one product whose price still holds (the product page's
 * deal), as a statement yielding at most one row `(id, amount_cents, expires_at)`:
 * lib/domains/orders/viewer-deal.ts reads it together with the buyer's paid order.
 */
export function acceptedOfferSql(buyerId: string, productId: string, now: Date): Prisma.Sql {
  return Prisma.sql`SELECT id, amount_cents, expires_at FROM offers
    WHERE buyer_id = ${buyerId}::uuid AND product_id = ${productId}::uuid AND status = 'accepted' AND expires_at > ${now}
    ORDER BY responded_at DESC LIMIT 1`;
}

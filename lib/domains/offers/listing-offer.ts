/**
 * "Doe een bod" from the listing: POST /api/products/{id}/offers
 * {amount}. One step for the buyer: the conversation with the seller about this product
 * is found or made and the offer is sent in it, in one transaction, so a refused offer
 * (too low, not below the price, an open one already) leaves no empty conversation
 * behind. The rules are the chat's (./service.ts createOffer, ./rules.ts).
 */
import { AppError, notFound } from "@/lib/platform/api/errors";
import { isUuid } from "@/lib/platform/api/ids";
import { db } from "@/lib/platform/db/client";
import type { PriceLocale } from "@/lib/platform/money/price-input";
import { rateLimitMessages } from "@/lib/domains/messaging";
import { PRODUCT_NOT_AVAILABLE, createOffer, ensureActive, lockProduct, notifyParty, parseOfferAmount, serializeOffer } from "./service";

export const PRODUCT_NOT_FOUND = "Product not found";
export const OWN_LISTING = "You cannot make an offer on your own listing";

type Me = { id: string; name: string };

export async function offerOnListing(me: Me, productId: string, amount: unknown, locale: PriceLocale) {
  const product = isUuid(productId)
    ? await db.product.findFirst({ where: { id: productId, deletedAt: null, hiddenAt: null }, select: { id: true, sellerId: true, status: true } })
    : null;
  if (!product) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");
  if (product.sellerId === me.id) throw new AppError("forbidden", OWN_LISTING, { code: "own_product" });
  if (product.status !== "available") throw new AppError("conflict", PRODUCT_NOT_AVAILABLE, { code: "product_unavailable" });
  const amountCents = parseOfferAmount(amount, locale);
  await ensureActive(product.sellerId);
  await rateLimitMessages(me.id);
  const { offer, messageId } = await db.$transaction(async (tx) => {
    // The product's row lock first (as the chat's offers take it), then the conversation.
    const locked = await lockProduct(tx, product.id);
    if (locked.status !== "available") throw new AppError("conflict", PRODUCT_NOT_AVAILABLE, { code: "product_unavailable" });
    // Found or made; a concurrent first message or offer makes the same row (unique key).
    await tx.$executeRaw`
      INSERT INTO conversations (id, product_id, buyer_id, seller_id)
      VALUES (gen_random_uuid(), ${product.id}::uuid, ${me.id}::uuid, ${product.sellerId}::uuid)
      ON CONFLICT (product_id, buyer_id, seller_id) DO NOTHING`;
    const conv = await tx.conversation.findUniqueOrThrow({
      where: { productId_buyerId_sellerId: { productId: product.id, buyerId: me.id, sellerId: product.sellerId } },
      select: { id: true, buyerId: true, sellerId: true },
    });
    const made = await createOffer(tx, me, conv, locked, "buyer", amountCents);
    await notifyParty(tx, conv.sellerId, "offer.made", made.offer, locked.title, me.name);
    return made;
  });
  return serializeOffer(offer, messageId);
}

/**
 * The data export's conversations (./export.ts): both sides of each of the user's
 * conversations, with their offers. Messages the system wrote (an offer) are given in the
 * export's language, as the thread shows them.
 */
import type { Tx } from "@/lib/platform/db/client";
import type { Locale } from "@/lib/platform/i18n/config";
import { storedMessageText } from "@/lib/domains/messaging";
import { serializeOffer } from "@/lib/domains/offers";

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
const nameOf = (user: { name: string; deletedAt: Date | null }) => (user.deletedAt ? "Anonymous" : user.name);

/** Both sides of each of the user's conversations: it is their conversation. */
export async function conversations(tx: Tx, userId: string, locale: Locale) {
  const rows = await tx.conversation.findMany({
    where: { OR: [{ buyerId: userId }, { sellerId: userId }] },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: {
      product: { select: { id: true, title: true } },
      buyer: { select: { id: true, name: true, deletedAt: true } },
      seller: { select: { id: true, name: true, deletedAt: true } },
      messages: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
      offers: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { message: { select: { id: true } } } },
    },
  });
  return rows.map((c) => {
    const role: "buyer" | "seller" = c.buyerId === userId ? "buyer" : "seller";
    const other = role === "buyer" ? c.seller : c.buyer;
    return {
      id: c.id,
      role,
      product_id: c.productId,
      product_title: c.product?.title ?? null,
      other_user: { id: other.id, name: nameOf(other) },
      created_at: c.createdAt.toISOString(),
      last_message_at: c.lastMessageAt.toISOString(),
      last_read_at: iso(role === "buyer" ? c.buyerLastReadAt : c.sellerLastReadAt),
      messages: c.messages.map((m) => ({
        id: m.id,
        sender_id: m.senderId,
        from_me: m.senderId === userId,
        content: storedMessageText(m, locale),
        warning: m.warning,
        offer_id: m.offerId,
        created_at: m.createdAt.toISOString(),
      })),
      offers: c.offers.map((offer) => ({ ...serializeOffer(offer, offer.message?.id), responded_at: iso(offer.respondedAt) })),
    };
  });
}

/**
 * For admins deciding a dispute: the conversation between the order's buyer and seller
 * about its product, oldest first (the last 200 messages), with who wrote each.
 */
import { notFound } from "@/lib/platform/api/errors";
import { db } from "@/lib/platform/db/client";
import type { Locale } from "@/lib/platform/i18n/config";
import { serializeMessageImage } from "./images";
import type { z } from "zod";
import type { disputeConversationJson } from "./responses";
import { messageEventOf, messageText } from "./events";

export async function disputeConversation(orderId: string, locale: Locale = "nl"): Promise<z.output<typeof disputeConversationJson>> {
  const order = await db.order.findUnique({ where: { id: orderId }, select: { buyerId: true, sellerId: true, productId: true } });
  if (!order) throw notFound("Order not found", "order_not_found");
  const conversation = await db.conversation.findFirst({
    where: { productId: order.productId, buyerId: order.buyerId, sellerId: order.sellerId },
    select: { id: true },
  });
  if (!conversation) return { conversation_id: null, messages: [] };
  const rows = await db.message.findMany({
    where: { conversationId: conversation.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
    include: { sender: { select: { name: true } }, images: { orderBy: { position: "asc" }, select: { id: true, width: true, height: true } } },
  });
  return {
    conversation_id: conversation.id,
    messages: rows.reverse().map((m) => ({
      id: m.id,
      sender_role: m.senderId === order.buyerId ? "buyer" : "seller",
      sender_name: m.sender.name,
      content: messageText(m.content, messageEventOf(m.event, m.eventData), locale),
      warning: m.warning,
      images: m.images.map(serializeMessageImage),
      created_at: m.createdAt.toISOString(),
    })),
  };
}

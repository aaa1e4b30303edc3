/**
 * Conversations and messages (docs/messaging.md).
 *
 * A conversation is between a product's buyer side and its seller. A buyer writes to
 * the product's seller; a seller may write to the buyer of one of their orders (or of a
 * conversation that already exists). Only the two participants can read or write it:
 * to anyone else it does not exist (404). Unread is derived from each side's
 * `last_read_at`; reading the thread marks it read.
 *
 * Every write publishes a live event to the other participant in the same transaction
 * and keeps ONE unread "message.received" notification per conversation, updated
 * rather than repeated while it is unread.
 */
import { AppError, notFound } from "@/lib/platform/api/errors";
import { enforce } from "@/lib/platform/api/rate-limit";
import { isUuid } from "@/lib/platform/api/ids";
import { PRODUCT_NOT_FOUND } from "@/lib/domains/catalog";
import { db, queryRows, type Tx } from "@/lib/platform/db/client";
import type { Prisma } from "@/lib/platform/db/generated/client";
import { publishEvent } from "@/lib/platform/events/publish";
import { NOTIFICATION_TEXTS, notify } from "@/lib/domains/notifications";
import { centsToEuro } from "@/lib/platform/money/cents";
import { forgetUnread } from "./unread";
import { messageWarning } from "./warnings";
import type { MessageJson } from "./responses";
import { dropChatImages, serializeMessageImage, storeChatImages, type StoredChatImage } from "./images";
import { recordReply } from "./response-time";
import { listConversations } from "./conversation-list";
import { messageOfRow, threadSql, type ThreadRow } from "./thread";
import { messageEventOf, messageText, type MessageEvent } from "./events";
import type { Locale } from "@/lib/platform/i18n/config";

export const MAX_MESSAGE_LENGTH = 2000;
/** Per user, messages and new conversations together. */
export const MESSAGE_LIMIT = { max: 30, windowSeconds: 60 };
export const CONVERSATION_NOT_FOUND = "Conversation not found";
export const EMPTY_MESSAGE = "Message cannot be empty";
export const MESSAGE_TOO_LONG = `Message must be at most ${MAX_MESSAGE_LENGTH} characters`;
export const RECIPIENT_UNAVAILABLE = "This user can no longer receive messages";
export const PICKUP_CODE_IN_MESSAGE = "Never share your pickup code before you have the item";

/**
 * docs/messaging.md: the buyer's own pickup code typed into a chat before the
 * handover is refused before it is sent (the code proves the buyer has the item).
 */
async function refusePickupCode(senderId: string, otherId: string, content: string) {
  const digits = content.match(/\d(?:[\s-]?\d){5,}/g);
  if (!digits) return;
  const orders = await db.order.findMany({
    where: { buyerId: senderId, sellerId: otherId, status: "held", deliveryStatus: "pending", pickupCode: { not: null } },
    select: { pickupCode: true },
  });
  const typed = digits.map((d) => d.replace(/\D/g, ""));
  if (orders.some((o) => typed.some((t) => t.includes(o.pickupCode!)))) {
    throw new AppError("validation", PICKUP_CODE_IN_MESSAGE, { code: "pickup_code", errors: [{ field: "content", message: PICKUP_CODE_IN_MESSAGE }] });
  }
}

type Me = { id: string; name: string };

/** Checks and trims a message text; throws 422 on blank (unless it has photos) or too long. */
export function cleanContent(content: unknown, hasImages = false): string {
  const text = typeof content === "string" ? content.trim() : "";
  if (!text && !hasImages) throw new AppError("validation", EMPTY_MESSAGE, { code: "empty_message", errors: [{ field: "content", message: EMPTY_MESSAGE }] });
  if (text.length > MAX_MESSAGE_LENGTH) {
    throw new AppError("validation", MESSAGE_TOO_LONG, { code: "too_long", errors: [{ field: "content", message: MESSAGE_TOO_LONG }] });
  }
  return text;
}

export async function rateLimitMessages(userId: string) {
  await enforce({ key: `message:${userId}`, ...MESSAGE_LIMIT });
}

const active = (u: { isBanned: boolean; deletedAt: Date | null }) => !u.isBanned && !u.deletedAt;

/** POST /api/conversations: starts one, or appends to the existing one for the pair and product. */
export async function startConversation(me: Me, input: { product_id: string; recipient_id: string; initial_message: string }, locale: Locale = "nl") {
  const content = cleanContent(input.initial_message);
  if (input.recipient_id === me.id) {
    throw new AppError("bad_request", "You cannot start a conversation with yourself", { code: "self" });
  }
  const product = isUuid(input.product_id)
    ? await db.product.findUnique({ where: { id: input.product_id }, select: { id: true, sellerId: true, deletedAt: true } })
    : null;
  if (!product || product.deletedAt) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");

  let buyerId: string;
  let sellerId: string;
  if (product.sellerId === me.id) {
    const known =
      isUuid(input.recipient_id) &&
      ((await db.order.count({ where: { productId: product.id, buyerId: input.recipient_id } })) > 0 ||
        (await db.conversation.count({ where: { productId: product.id, buyerId: input.recipient_id, sellerId: me.id } })) > 0);
    if (!known) throw new AppError("bad_request", "The recipient is not a buyer of this product", { code: "wrong_recipient" });
    buyerId = input.recipient_id;
    sellerId = me.id;
  } else {
    if (input.recipient_id !== product.sellerId) {
      throw new AppError("bad_request", "The recipient is not the seller of this product", { code: "wrong_recipient" });
    }
    buyerId = me.id;
    sellerId = product.sellerId;
  }
  const recipient = await db.user.findUnique({ where: { id: input.recipient_id }, select: { isBanned: true, deletedAt: true } });
  if (!recipient || !active(recipient)) throw new AppError("conflict", RECIPIENT_UNAVAILABLE, { code: "recipient_unavailable" });
  await refusePickupCode(me.id, input.recipient_id, content);
  await rateLimitMessages(me.id);

  const { conversationId, created } = await db.$transaction(async (tx) => {
    const existing = await tx.conversation.findUnique({
      where: { productId_buyerId_sellerId: { productId: product.id, buyerId, sellerId } },
      select: { id: true },
    });
    if (existing) return { conversationId: existing.id, created: false };
    const row = await tx.conversation.create({ data: { productId: product.id, buyerId, sellerId }, select: { id: true } });
    return { conversationId: row.id, created: true };
  }).catch(async (error: unknown) => {
    // Two first messages at once: the unique key lets one create it; the other appends.
    const row = await db.conversation.findUnique({ where: { productId_buyerId_sellerId: { productId: product.id, buyerId, sellerId } }, select: { id: true } });
    if (!row) throw error;
    return { conversationId: row.id, created: false };
  });
  const message = await db.$transaction((tx) => appendMessage(tx, me, conversationId, content));
  const [conversation] = await listConversations(me.id, conversationId, locale);
  return { created, conversation: { ...conversation!, conversation_id: conversationId }, message };
}

type ConversationRow = {
  id: string;
  productId: string | null;
  buyerId: string;
  sellerId: string;
  buyerLastReadAt: Date | null;
  sellerLastReadAt: Date | null;
};

/** The conversation if `userId` takes part in it; 404 otherwise. */
export async function conversationFor(userId: string, id: string, tx: Tx | typeof db = db): Promise<ConversationRow> {
  const row = isUuid(id)
    ? await tx.conversation.findUnique({
        where: { id },
        select: { id: true, productId: true, buyerId: true, sellerId: true, buyerLastReadAt: true, sellerLastReadAt: true },
      })
    : null;
  if (!row || (row.buyerId !== userId && row.sellerId !== userId)) throw notFound(CONVERSATION_NOT_FOUND, "conversation_not_found");
  return row;
}

const otherOf = (c: { buyerId: string; sellerId: string }, userId: string) => (c.buyerId === userId ? c.sellerId : c.buyerId);

/** Writes a message (and its notification and live events) inside `tx`. */
export async function appendMessage(
  tx: Tx,
  me: Me,
  conversationId: string,
  content: string,
  options: { offerId?: string; notifyAs?: false; images?: StoredChatImage[]; event?: MessageEvent } = {},
) {
  const now = new Date();
  // Locks the conversation row: concurrent messages of one conversation are serialised,
  // so the one-unread-notification rule holds.
  const current = await tx.conversation.findUniqueOrThrow({ where: { id: conversationId }, select: { buyerId: true } });
  // Writing in a thread means having read it: the sender's side is read up to now.
  const conversation = await tx.conversation.update({
    where: { id: conversationId },
    data: { lastMessageAt: now, ...(current.buyerId === me.id ? { buyerLastReadAt: now } : { sellerLastReadAt: now }) },
    select: {
      id: true,
      buyerId: true,
      sellerId: true,
      buyerLastReadAt: true,
      sellerLastReadAt: true,
      product: { select: { title: true } },
    },
  });
  await recordReply(tx, conversationId, me.id, now); // the usual response time (./response-time.ts)
  const warning = options.offerId || options.event ? null : messageWarning(content);
  const message = await tx.message.create({
    data: {
      conversationId,
      senderId: me.id,
      content,
      warning,
      suspicious: warning !== null,
      offerId: options.offerId ?? null,
      event: options.event?.kind ?? null,
      eventData: (options.event?.data as Prisma.InputJsonObject | undefined) ?? undefined,
      createdAt: now,
      images: { create: (options.images ?? []).map((image, position) => ({ ...image, position })) },
    },
    include: MESSAGE_INCLUDE,
  });
  const other = otherOf(conversation, me.id);
  if (options.notifyAs !== false) {
    await upsertMessageNotification(tx, other, {
      conversationId,
      senderName: me.name,
      productTitle: conversation.product?.title ?? "",
      preview: !content ? "📷" : content.length > 80 ? `${content.slice(0, 79)}…` : content,
    });
  }
  await publishEvent(tx, other, { type: "message", conversationId, messageId: message.id });
  await publishEvent(tx, me.id, { type: "message", conversationId, messageId: message.id });
  await publishEvent(tx, other, { type: "unread" });
  return serializeMessage(message, conversation, me.id);
}

/** One unread message.received per conversation: updated while unread, else a new row. */
export async function upsertMessageNotification(
  tx: Tx,
  userId: string,
  data: { conversationId: string; senderName: string; productTitle: string; preview: string },
) {
  const existing = await tx.notification.findFirst({
    where: { userId, event: "message.received", read: false, data: { path: ["conversationId"], equals: data.conversationId } },
    select: { id: true },
  });
  if (!existing) {
    await notify(tx, userId, "message.received", data);
  } else {
    const text = NOTIFICATION_TEXTS["message.received"];
    await tx.notification.update({
      where: { id: existing.id },
      data: { title: text.title, message: text.message(data), data: data as Prisma.InputJsonObject, createdAt: new Date() },
    });
  }
  const row = await tx.notification.findFirst({
    where: { userId, event: "message.received", read: false, data: { path: ["conversationId"], equals: data.conversationId } },
    select: { id: true },
  });
  if (row) await publishEvent(tx, userId, { type: "notification", notificationId: row.id });
}

type MessageRow = {
  id: string;
  conversationId: string;
  senderId: string;
  content: string;
  createdAt: Date;
  warning: string | null;
  event?: string | null;
  eventData?: unknown;
  offer: { id: string; amountCents: number; status: string; madeBy: string; expiresAt: Date } | null;
  images?: { id: string; width: number; height: number }[];
};

/** What a message is read with: its offer and its photos in order. */
export const MESSAGE_INCLUDE = { offer: true, images: { orderBy: { position: "asc" }, select: { id: true, width: true, height: true } } } as const;

export function serializeMessage(
  m: MessageRow,
  c: { buyerId: string; sellerId: string; buyerLastReadAt: Date | null; sellerLastReadAt: Date | null },
  viewerId: string,
  locale: Locale = "nl",
): MessageJson {
  // Read by the recipient when their last read is at or after the message.
  const recipientRead = m.senderId === c.buyerId ? c.sellerLastReadAt : c.buyerLastReadAt;
  void viewerId;
  const event = messageEventOf(m.event ?? null, m.eventData);
  return {
    id: m.id,
    conversation_id: m.conversationId,
    sender_id: m.senderId,
    // A system message in the reader's language; `event` lets apps render their own.
    content: messageText(m.content, event, locale),
    event,
    created_at: m.createdAt.toISOString(),
    read_at: recipientRead && recipientRead >= m.createdAt ? recipientRead.toISOString() : null,
    warning: m.warning,
    images: (m.images ?? []).map(serializeMessageImage),
    offer: m.offer
      ? {
          id: m.offer.id,
          amount: centsToEuro(m.offer.amountCents),
          amount_cents: m.offer.amountCents,
          status: m.offer.status,
          made_by: m.offer.madeBy,
          expires_at: m.offer.expiresAt.toISOString(),
        }
      : null,
  };
}

/** GET /api/conversations/{id}/messages: oldest first; marks the caller's unread read. */
export async function readMessages(userId: string, id: string, query: { before?: string; limit: number }, locale: Locale = "nl") {
  // One plain statement (a thread is read often, mostly with nothing new): the
  // conversation only if the caller takes part in it, their part in it, the newest
  // message from the other side, and the page of messages.
  const cursor = query.before !== undefined && isUuid(query.before) ? query.before : null;
  const rows = isUuid(id) ? await queryRows<ThreadRow>(threadSql(userId, id, query.before !== undefined, cursor, query.limit)) : [];
  const found = rows[0];
  if (!found) throw notFound(CONVERSATION_NOT_FOUND, "conversation_not_found");
  if (query.before !== undefined && !found.before_at) throw new AppError("bad_request", "Unknown message in before", { code: "bad_cursor" });
  const conversation = { buyerId: found.buyer_id, sellerId: found.seller_id, buyerLastReadAt: found.buyer_read, sellerLastReadAt: found.seller_read };
  const messages = rows.filter((row) => row.id !== null).map(messageOfRow).reverse();
  const isBuyer = conversation.buyerId === userId;
  const myRead = isBuyer ? conversation.buyerLastReadAt : conversation.sellerLastReadAt;
  const latestFromOther = found.latest_from_other;
  if (latestFromOther && (!myRead || myRead < latestFromOther)) {
    const now = new Date();
    await db.$transaction(async (tx) => {
      await tx.conversation.update({ where: { id }, data: isBuyer ? { buyerLastReadAt: now } : { sellerLastReadAt: now } });
      // Reading the thread also reads its message notification.
      await tx.notification.updateMany({
        where: { userId, event: "message.received", read: false, data: { path: ["conversationId"], equals: id } },
        data: { read: true },
      });
      await publishEvent(tx, userId, { type: "unread" });
    });
    // The reader's next unread count is afresh on this instance at once (the event above
    // tells every instance a moment later).
    forgetUnread(userId);
    if (isBuyer) conversation.buyerLastReadAt = now;
    else conversation.sellerLastReadAt = now;
  }
  return messages.map((row) => serializeMessage(row, conversation, userId, locale));
}

/** POST /api/conversations/{id}/messages: text, photos (multipart) or both. */
export async function sendMessage(me: Me, id: string, rawContent: unknown, files: Buffer[] = []) {
  const conversation = await conversationFor(me.id, id);
  const content = cleanContent(rawContent, files.length > 0);
  const other = await db.user.findUnique({ where: { id: otherOf(conversation, me.id) }, select: { isBanned: true, deletedAt: true } });
  if (!other || !active(other)) throw new AppError("conflict", RECIPIENT_UNAVAILABLE, { code: "recipient_unavailable" });
  await refusePickupCode(me.id, otherOf(conversation, me.id), content);
  await rateLimitMessages(me.id);
  const images = await storeChatImages(me.id, files);
  try {
    return await db.$transaction((tx) => appendMessage(tx, me, id, content, { images }));
  } catch (error) {
    await dropChatImages(images);
    throw error;
  }
}

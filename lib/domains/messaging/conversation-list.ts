/**
 * GET /api/messages/conversations (and one conversation of it, after a first message):
 * the caller's conversations, latest activity first, each with its product, the other
 * side, the last message, the price agreed while it holds (docs/messaging.md) and the
 * caller's unread count in it. One plain statement past Prisma, on the primary: its
 * query compiler cost more than the statement on every view (docs/performance.md
 * "Mixed load").
 */
import type { ConversationJson } from "./responses";
import { Prisma, queryRows } from "@/lib/platform/db/client";
import { centsToEuro } from "@/lib/platform/money/cents";
import type { Locale } from "@/lib/platform/i18n/config";
import { messageEventOf, messageText } from "./events";

type ConversationListRow = {
  id: string;
  product_id: string | null;
  buyer_id: string;
  product_title: string | null;
  product_status: "available" | "reserved" | "sold" | null;
  product_deleted: boolean | null;
  product_price_cents: number | null;
  product_image: string | null;
  agreed_cents: number | null;
  other_id: string;
  other_name: string;
  other_image: string | null;
  other_deleted: boolean;
  last_content: string;
  last_event: string | null;
  last_event_data: unknown;
  last_at: Date;
  unread: number;
};

export async function listConversations(userId: string, onlyId?: string, locale: Locale = "nl"): Promise<ConversationJson[]> {
  const now = new Date();
  const rows = await queryRows<ConversationListRow>(Prisma.sql`
    SELECT c.id, c.product_id, c.buyer_id,
           p.title AS product_title, p.price_cents AS product_price_cents,
           p.status::text AS product_status, p.deleted_at IS NOT NULL OR p.hidden_at IS NOT NULL AS product_deleted,
           (SELECT coalesce(i.thumb_url, i.url) FROM product_images i WHERE i.product_id = p.id ORDER BY i.position ASC LIMIT 1) AS product_image,
           (SELECT f.amount_cents FROM offers f
             WHERE f.conversation_id = c.id AND f.status = 'accepted' AND f.expires_at > ${now}
             ORDER BY f.created_at DESC LIMIT 1) AS agreed_cents,
           o.id AS other_id, o.name AS other_name, o.profile_image AS other_image, o.deleted_at IS NOT NULL AS other_deleted,
           last.content AS last_content, last.event AS last_event, last.event_data AS last_event_data, last.created_at AS last_at,
           (SELECT count(*)::int FROM messages m
             WHERE m.conversation_id = c.id AND m.sender_id <> ${userId}::uuid
               AND m.created_at > COALESCE(CASE WHEN c.buyer_id = ${userId}::uuid THEN c.buyer_last_read_at ELSE c.seller_last_read_at END, '-infinity')) AS unread
    FROM conversations c
    JOIN users o ON o.id = CASE WHEN c.buyer_id = ${userId}::uuid THEN c.seller_id ELSE c.buyer_id END
    -- Only conversations with a message (the inner join), as before.
    JOIN LATERAL (
      SELECT m.content, m.event, m.event_data, m.created_at FROM messages m WHERE m.conversation_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1
    ) AS last ON true
    LEFT JOIN products p ON p.id = c.product_id
    WHERE (c.buyer_id = ${userId}::uuid OR c.seller_id = ${userId}::uuid)
      ${onlyId ? Prisma.sql`AND c.id = ${onlyId}::uuid` : Prisma.empty}
    ORDER BY c.last_message_at DESC, c.id DESC
    LIMIT 200`);
  return rows.map((row) => {
    const lastEvent = messageEventOf(row.last_event, row.last_event_data);
    return {
      id: row.id,
      product_id: row.product_id,
      product_title: row.product_title,
      product_image: row.product_image,
      product_price: row.product_price_cents === null ? null : centsToEuro(row.product_price_cents),
      // available | reserved | sold; null when the product is gone (deleted or hidden).
      product_status: row.product_status === null || row.product_deleted ? null : row.product_status,
      agreed_price: row.agreed_cents === null ? null : centsToEuro(row.agreed_cents),
      other_user_id: row.other_id,
      other_user_name: row.other_deleted ? "Anonymous" : row.other_name,
      other_user_image: row.other_deleted ? null : row.other_image,
      role: row.buyer_id === userId ? "buyer" : "seller",
      unread_count: row.unread,
      // A system message (an offer) in the reader's language; the event for apps.
      last_message: messageText(row.last_content, lastEvent, locale),
      last_message_event: lastEvent,
      last_message_at: row.last_at.toISOString(),
    };
  });
}

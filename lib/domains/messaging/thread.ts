/**
 * The statement that reads a page of a conversation (GET /api/conversations/{id}/messages),
 * past Prisma: a thread is read often, and Prisma's query compiler cost more than the
 * statement (docs/performance.md "Mixed load"). Only a participant gets a row back: to
 * anyone else the conversation does not exist.
 */
import { Prisma } from "@/lib/platform/db/client";

/** One row per message of the page (newest first), or one row without a message for an empty page. */
export type ThreadRow = {
  buyer_id: string;
  seller_id: string;
  buyer_read: Date | null;
  seller_read: Date | null;
  latest_from_other: Date | null;
  /** With `before`: that message's time, null when it is not in this conversation. */
  before_at: Date | null;
  id: string | null;
  conversation_id: string;
  sender_id: string;
  content: string;
  created_at: Date;
  warning: string | null;
  event: string | null;
  event_data: unknown;
  offer_id: string | null;
  offer_amount_cents: number;
  offer_status: string;
  offer_made_by: string;
  offer_expires_at: Date;
  images: { id: string; width: number; height: number }[] | null;
};

export function threadSql(userId: string, id: string, hasBefore: boolean, cursor: string | null, limit: number): Prisma.Sql {
  return Prisma.sql`
    WITH c AS (
      SELECT c.id, c.buyer_id, c.seller_id, c.buyer_last_read_at AS buyer_read, c.seller_last_read_at AS seller_read,
             (SELECT max(m.created_at) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id <> ${userId}::uuid) AS latest_from_other,
             ${hasBefore ? Prisma.sql`(SELECT m.created_at FROM messages m WHERE m.id = ${cursor}::uuid AND m.conversation_id = c.id)` : Prisma.sql`NULL::timestamptz`} AS before_at
      FROM conversations c
      WHERE c.id = ${id}::uuid AND (c.buyer_id = ${userId}::uuid OR c.seller_id = ${userId}::uuid)
    )
    SELECT c.buyer_id, c.seller_id, c.buyer_read, c.seller_read, c.latest_from_other, c.before_at, page.*
    FROM c
    LEFT JOIN LATERAL (
      SELECT m.id, m.conversation_id, m.sender_id, m.content, m.created_at, m.warning, m.event, m.event_data,
             f.id AS offer_id, f.amount_cents AS offer_amount_cents, f.status::text AS offer_status, f.made_by AS offer_made_by,
             f.expires_at AS offer_expires_at,
             (SELECT json_agg(json_build_object('id', i.id, 'width', i.width, 'height', i.height) ORDER BY i.position)
              FROM message_images i WHERE i.message_id = m.id) AS images
      FROM messages m
      LEFT JOIN offers f ON f.id = m.offer_id
      WHERE m.conversation_id = c.id ${hasBefore ? Prisma.sql`AND m.created_at < c.before_at` : Prisma.empty}
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT ${limit}
    ) AS page ON true`;
}

/** A message row as the serializer takes it (what Prisma answered with its offer and photos). */
export function messageOfRow(row: ThreadRow) {
  return {
    id: row.id!,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    content: row.content,
    createdAt: row.created_at,
    warning: row.warning,
    event: row.event,
    eventData: row.event_data,
    offer: row.offer_id
      ? { id: row.offer_id, amountCents: row.offer_amount_cents, status: row.offer_status, madeBy: row.offer_made_by, expiresAt: row.offer_expires_at }
      : null,
    images: row.images ?? [],
  };
}

import { db } from "@/lib/platform/db/client";

/**
 * GET /api/messages/unread-count: how many of the user's conversations hold messages
 * from the other side that arrived after the user last read them (the count on the
 * phone's Berichten tab; the conversation list has the per-conversation numbers).
 * One indexed probe per conversation, stopping at the first unread message.
 */
export async function unreadConversationCount(userId: string): Promise<{ unread_count: number }> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM conversations c
    WHERE (c.buyer_id = ${userId}::uuid OR c.seller_id = ${userId}::uuid)
      AND EXISTS (
        SELECT 1 FROM messages m
        WHERE m.conversation_id = c.id AND m.sender_id <> ${userId}::uuid
          AND m.created_at > COALESCE(CASE WHEN c.buyer_id = ${userId}::uuid THEN c.buyer_last_read_at ELSE c.seller_last_read_at END, '-infinity'))`;
  return { unread_count: rows[0]?.n ?? 0 };
}

import { ShortCache } from "@/lib/platform/cache/short-cache";
import { Prisma, queryRows } from "@/lib/platform/db/client";
import { env } from "@/lib/platform/env";
import { isListening, watchEvents } from "@/lib/platform/events/hub";

/** How old a user's unread count may be. */
export const UNREAD_CACHE_MS = 10_000;
const MAX_ENTRIES = 20_000;

let cache: ShortCache<number> | null | undefined;

/**
 * The instance's short cache of unread counts, or null when it is off
 * (REQUEST_CACHE_SECONDS=0, or unset under NODE_ENV=test) or the instance does not hear
 * the live-event channel. Every message and read publishes an event for the users whose
 * count it changes (`message`, `unread`): each instance forgets those users' counts when
 * it arrives, and this instance also at once after its own writes (`forgetUnread`).
 */
function counts(): ShortCache<number> | null {
  if (cache === undefined) {
    const { REQUEST_CACHE_SECONDS, NODE_ENV } = env();
    const on = (REQUEST_CACHE_SECONDS ?? (NODE_ENV === "test" ? 0 : 5)) > 0;
    cache = on ? new ShortCache<number>(UNREAD_CACHE_MS, MAX_ENTRIES) : null;
    if (cache) {
      const own = cache;
      watchEvents((userId) => (userId === null ? own.forget() : own.forget((key) => key === userId)));
    }
  }
  return cache && isListening() ? cache : null;
}

/** After a write on this instance that changes these users' counts (a message, a read). */
export function forgetUnread(...userIds: string[]): void {
  cache?.forget((key) => userIds.includes(key));
}

/**
 * GET /api/messages/unread-count: how many of the user's conversations hold messages
 * from the other side that arrived after the user last read them (the count on the
 * phone's Berichten tab; the conversation list has the per-conversation numbers).
 * One indexed probe per conversation, stopping at the first unread message. At most
 * UNREAD_CACHE_MS old (see `counts`).
 */
export async function unreadConversationCount(userId: string): Promise<{ unread_count: number }> {
  const kept = counts();
  const hit = kept?.get(userId);
  if (hit !== undefined) return { unread_count: hit };
  const stamp = kept?.stamp() ?? 0;
  // Straight through pg (queryRows): Prisma's raw path costs more than this probe.
  const rows = await queryRows<{ n: number }>(Prisma.sql`
    SELECT count(*)::int AS n FROM conversations c
    WHERE (c.buyer_id = ${userId}::uuid OR c.seller_id = ${userId}::uuid)
      AND EXISTS (
        SELECT 1 FROM messages m
        WHERE m.conversation_id = c.id AND m.sender_id <> ${userId}::uuid
          AND m.created_at > COALESCE(CASE WHEN c.buyer_id = ${userId}::uuid THEN c.buyer_last_read_at ELSE c.seller_last_read_at END, '-infinity'))`);
  const count = rows[0]?.n ?? 0;
  kept?.set(userId, count, stamp);
  return { unread_count: count };
}

/**
 * Live events for signed-in users (DECISIONS.md section 7): the writer publishes from
 * inside its transaction, so an event goes out on commit and a rolled-back write sends
 * nothing. Payloads carry ids only (NOTIFY payloads must stay under 8,000 bytes); the
 * client fetches what changed. `GET /api/events` streams them to the user's browsers.
 */
import type { Tx } from "@/lib/db/client";

export type LiveEvent =
  | { type: "message"; conversationId: string; messageId: string }
  | { type: "notification"; notificationId: string }
  | { type: "unread" };

/** The PostgreSQL channel every instance listens on. */
export const EVENTS_CHANNEL = "kringwaar_events";

/** Sends `event` to every open stream of `userId`, on every instance, once `tx` commits. */
export async function publishEvent(tx: Tx, userId: string, event: LiveEvent): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ userId, ...event })})`;
}

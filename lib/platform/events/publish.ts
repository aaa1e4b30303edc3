/**
 * Live events for signed-in users (docs/notifications.md): the writer publishes from
 * inside its transaction, so an event goes out on commit and a rolled-back write sends
 * nothing. Payloads carry ids only (NOTIFY payloads must stay under 8,000 bytes); the
 * client fetches what changed. `GET /api/events` streams them to the user's browsers.
 */
import type { Tx } from "@/lib/platform/db/client";

/** Anything that can run a statement: a transaction, or the client itself (autocommit). */
type Sql = Pick<Tx, "$executeRaw">;

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

/**
 * Which streams a sign-out ends: `only` one session (logout), every session `except`
 * one (a password change keeps the session that made it), or all (ban, deletion, reset).
 */
export type StreamsEnded = { only?: string; except?: string | null };

/** The control message on EVENTS_CHANNEL; never sent to a browser. */
export const STREAMS_ENDED = "streams_ended";

/**
 * Closes the user's open event streams on every instance once `sql` commits (at once
 * when it is the client itself): the session, ban or account they were opened with no
 * longer counts, and a reconnect is answered 401 or 403.
 */
export async function endLiveStreams(sql: Sql, userId: string, which: StreamsEnded = {}): Promise<void> {
  const message = { userId, type: STREAMS_ENDED, only: which.only ?? null, except: which.except ?? null };
  await sql.$executeRaw`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(message)})`;
}

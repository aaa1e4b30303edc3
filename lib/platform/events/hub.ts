/**
 * The instance's side of live events (docs/notifications.md): ONE PostgreSQL connection
 * per instance LISTENs on EVENTS_CHANNEL and fans each event out in memory to the open
 * streams of its user. Writers `pg_notify` from their transaction (lib/platform/events/publish.ts),
 * so every instance on the database hears every write, on commit.
 *
 * The embedded PGlite is a single session behind a socket server: a LISTEN there counts
 * for the whole session, and the notification comes back on the connection whose
 * transaction committed — one of this process's own pool connections — which hands it
 * over through `onPoolNotification`. With one instance that is the in-process bus; on
 * real PostgreSQL the pool connections never LISTEN, so nothing arrives twice.
 *
 * Each stream remembers the session it was opened with. A logout, password change,
 * reset, deletion or ban sends a control message on the same channel (`endLiveStreams`),
 * and every instance closes the matching streams at once: events stop with the session.
 *
 * Caches of one instance (the caller of a session, a user's unread count) watch the same
 * channel (`watchEvents`): every event and control message names its user, whose entries
 * they forget, on every instance. They are used only while this instance listens
 * (`isListening`), and forget everything when the connection is lost.
 */
import pg from "pg";
import { onPoolNotification } from "@/lib/platform/db/client";
import { poolConfigFromUrl } from "@/lib/platform/db/connection";
import { env } from "@/lib/platform/env";
import { log } from "@/lib/platform/log";
import { EVENTS_CHANNEL, STREAMS_ENDED, type LiveEvent } from "./publish";

export type LiveListener = (event: LiveEvent) => void;

/** One open stream: where its events go, its session, and how to end it. */
type Stream = { listener: LiveListener; sessionId: string | null; end: () => void };

/** Open streams one user may hold on one instance (tabs, devices). */
export const MAX_STREAMS_PER_USER = 5;
const RECONNECT_MS = 2_000;

/** Sees every event and control message (`userId` and its type); `null` when the connection was lost. */
export type EventWatcher = (userId: string | null, type: string) => void;

type Hub = {
  streams: Map<string, Set<Stream>>;
  watchers: Set<EventWatcher>;
  client: pg.Client | null;
  connecting: Promise<boolean> | null;
  up: boolean;
  downListeners: Set<() => void>;
};

const holder = globalThis as unknown as { __kringwaarHub?: Hub };

function hub(): Hub {
  holder.__kringwaarHub ??= { streams: new Map(), watchers: new Set(), client: null, connecting: null, up: false, downListeners: new Set() };
  return holder.__kringwaarHub;
}

/** Routes one NOTIFY payload (`{userId, ...event}`) to that user's streams. */
export function deliver(message: { channel: string; payload?: string }): void {
  if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
  let parsed: { userId?: unknown } & Record<string, unknown>;
  try {
    parsed = JSON.parse(message.payload);
  } catch {
    return;
  }
  const { userId, ...event } = parsed;
  if (typeof userId !== "string") return;
  const h = hub();
  for (const watcher of h.watchers) watch(watcher, userId, String(event.type));
  const streams = h.streams.get(userId);
  if (!streams) return;
  if (event.type === STREAMS_ENDED) {
    endStreams(streams, event);
    return;
  }
  for (const stream of streams) {
    try {
      stream.listener(event as LiveEvent);
    } catch (error) {
      log().warn({ err: error }, "live event listener failed");
    }
  }
}

function watch(watcher: EventWatcher, userId: string | null, type: string): void {
  try {
    watcher(userId, type);
  } catch (error) {
    log().warn({ err: error }, "live event watcher failed");
  }
}

/**
 * Adds a watcher of every event on the channel (once per function) and starts listening.
 * Watchers stay for the life of the process.
 */
export function watchEvents(watcher: EventWatcher): void {
  hub().watchers.add(watcher);
  void startListening();
}

/** Whether this instance hears the channel right now (caches rely on it for their forgetting). */
export function isListening(): boolean {
  return hub().up;
}

function endStreams(streams: Set<Stream>, which: Record<string, unknown>): void {
  const only = typeof which.only === "string" ? which.only : null;
  const except = typeof which.except === "string" ? which.except : null;
  for (const stream of [...streams]) {
    if (only !== null && stream.sessionId !== only) continue;
    if (except !== null && stream.sessionId === except) continue;
    try {
      stream.end();
    } catch (error) {
      log().warn({ err: error }, "ending a live event stream failed");
    }
  }
}

/** Connects the instance's listening connection once; true when it is listening. */
export async function startListening(): Promise<boolean> {
  const h = hub();
  if (h.up) return true;
  h.connecting ??= (async () => {
    onPoolNotification(deliver);
    const client = new pg.Client({ ...poolConfigFromUrl(env().DATABASE_URL), application_name: "kringwaar-events" });
    client.on("notification", deliver);
    const lost = (error?: Error) => {
      if (h.client !== client) return;
      log().warn({ err: error }, "live events: listening connection lost");
      h.client = null;
      h.up = false;
      for (const down of h.downListeners) down();
      for (const watcher of h.watchers) watch(watcher, null, "lost");
      client.end().catch(() => undefined);
      // Reconnect while anyone is listening; streams meanwhile end and clients poll.
      setTimeout(() => {
        if (h.streams.size > 0 || h.watchers.size > 0) void startListening();
      }, RECONNECT_MS).unref();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      h.client = client;
      h.up = true;
      return true;
    } catch (error) {
      log().warn({ err: error }, "live events: cannot listen");
      client.end().catch(() => undefined);
      // Caches watching the channel stay off until it listens: try again.
      if (h.watchers.size > 0) setTimeout(() => void (h.up || startListening()), RECONNECT_MS).unref();
      return false;
    } finally {
      h.connecting = null;
    }
  })();
  return h.connecting;
}

export type Subscription = { unsubscribe: () => void };

/**
 * Adds a stream for `userId`, opened with `sessionId`. Null when the user already has
 * MAX_STREAMS_PER_USER open. `onDown` is called if the listening connection is lost, or
 * the stream's session, user or account ends (the stream should end).
 */
export function subscribe(userId: string, sessionId: string | null, listener: LiveListener, onDown: () => void): Subscription | null {
  const h = hub();
  const set = h.streams.get(userId) ?? new Set<Stream>();
  if (set.size >= MAX_STREAMS_PER_USER) return null;
  const stream: Stream = { listener, sessionId, end: onDown };
  set.add(stream);
  h.streams.set(userId, set);
  h.downListeners.add(onDown);
  return {
    unsubscribe: () => {
      set.delete(stream);
      if (set.size === 0) h.streams.delete(userId);
      h.downListeners.delete(onDown);
    },
  };
}

/** Stops listening (tests, shutdown). */
export async function stopListening(): Promise<void> {
  const h = hub();
  const client = h.client;
  h.client = null;
  h.up = false;
  for (const watcher of h.watchers) watch(watcher, null, "stopped");
  await client?.end().catch(() => undefined);
}

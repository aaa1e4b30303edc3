"use client";

import { useEffect, useRef, useState } from "react";
import type { LiveEvent } from "@/lib/platform/events/publish";

export type LiveEventsState = {
  /** True while the event stream is connected; when false, callers poll (docs/notifications.md has the rates). */
  live: boolean;
};

type Subscriber = { onEvent: (event: LiveEvent) => void; onLive: (live: boolean) => void };

/**
 * One EventSource per tab, shared by every component that listens (the bell, the
 * messages page): browsers allow only six connections per site. It opens with the first
 * subscriber and closes with the last. When the stream fails for good (401, 503, 429)
 * it is tried again after a pause; meanwhile `live` is false and callers poll.
 */
const subscribers = new Set<Subscriber>();
let source: EventSource | null = null;
let live = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
const RETRY_AFTER_FAILURE_MS = 15_000;
const TYPES: LiveEvent["type"][] = ["message", "notification", "unread"];

function setLive(value: boolean) {
  if (live === value) return;
  live = value;
  for (const s of subscribers) s.onLive(value);
}

function connect() {
  if (source || typeof EventSource === "undefined") return;
  const es = new EventSource("/api/events");
  source = es;
  es.addEventListener("ready", () => setLive(true));
  for (const type of TYPES) {
    es.addEventListener(type, (message) => {
      let event: LiveEvent;
      try {
        event = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      for (const s of subscribers) s.onEvent(event);
    });
  }
  es.onerror = () => {
    setLive(false);
    // CONNECTING: the browser retries by itself (the server's retry hint). CLOSED: it
    // gave up (an error status), so try again later ourselves.
    if (es.readyState === EventSource.CLOSED) {
      es.close();
      source = null;
      retryTimer ??= setTimeout(() => {
        retryTimer = null;
        if (subscribers.size > 0) connect();
      }, RETRY_AFTER_FAILURE_MS);
    }
  };
}

function disconnect() {
  source?.close();
  source = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  live = false;
}

/**
 * Subscribes the component to the signed-in user's live events (`GET /api/events`).
 * Pass `enabled: false` for visitors. While `live` is false, callers poll.
 */
export function useLiveEvents(onEvent: (event: LiveEvent) => void, enabled = true): LiveEventsState {
  const handler = useRef(onEvent);
  const [isLive, setIsLive] = useState(false);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!enabled) return;
    const subscriber: Subscriber = { onEvent: (event) => handler.current(event), onLive: setIsLive };
    subscribers.add(subscriber);
    connect();
    // Already connected for another component: tell this one on the next tick.
    if (live) queueMicrotask(() => subscribers.has(subscriber) && setIsLive(true));
    return () => {
      subscribers.delete(subscriber);
      if (subscribers.size === 0) disconnect();
    };
  }, [enabled]);
  return { live: enabled && isLive };
}

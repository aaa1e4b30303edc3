"use client";

/**
 * One way to keep a small figure of the signed-in user fresh (the unread counts, the
 * cart's size): read through the API client at once, again on the live events that change
 * it, on a window event, when the tab comes back, and every `pollMs` while the live stream
 * is down. Not at once when the stream drops: a stream ends when the session or account
 * does, and that read would only meet a 401; the next poll catches up otherwise. Reads
 * still under way when the component goes are cancelled (sign-out unmounts it before the
 * session ends).
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { api } from "@/components/lib/api-client";
import { useLiveEvents } from "@/components/live/use-live-events";
import type { LiveEvent } from "@/lib/platform/events/publish";

/** The unread counts are read every 10 s while the event stream is down. */
export const UNREAD_POLL_MS = 10_000;

export type PolledOptions<T> = {
  /** A GET path of our API. */
  path: string;
  /** The figure in the answer; undefined keeps the last one. */
  read: (data: unknown) => T | undefined;
  /** False for visitors: nothing is read. */
  enabled?: boolean;
  /** The live events that change it; with none, no stream is opened and nothing polled. */
  liveTypes?: readonly LiveEvent["type"][];
  /** How often to read while the live stream is down. */
  pollMs?: number;
  /** A window event that says it changed (the cart's, for one). */
  windowEvent?: string;
  /** Read again when the tab becomes visible (another tab may have changed it). */
  onVisible?: boolean;
  /** Read again at once when this changes (the page's path, for one). */
  refreshKey?: unknown;
  /** Failed reads are logged under this name; without it they pass silently. */
  label?: string;
};

export type Polled<T> = { value: T | undefined; set: Dispatch<SetStateAction<T | undefined>>; refresh: () => Promise<void> };

export function usePolled<T>(options: PolledOptions<T>): Polled<T> {
  const { path, enabled = true, liveTypes, pollMs, windowEvent, onVisible = false, refreshKey, label } = options;
  const [value, setValue] = useState<T | undefined>(undefined);
  const read = useRef(options.read);
  useEffect(() => {
    read.current = options.read;
  });
  const signal = useRef<AbortSignal | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    signal.current = controller.signal;
    return () => controller.abort();
  }, []);

  const refresh = useCallback(async () => {
    try {
      const next = read.current(await api<unknown>(path, { cache: "no-store", signal: signal.current }));
      if (next !== undefined && !signal.current?.aborted) setValue(next);
    } catch (error) {
      if (label && !signal.current?.aborted) console.warn(label, error);
    }
  }, [path, label]);

  const types = liveTypes ?? [];
  const { live } = useLiveEvents((event) => {
    if (types.includes(event.type)) void refresh();
  }, enabled && types.length > 0);

  // At once on mount and when `refreshKey` changes.
  useEffect(() => {
    if (!enabled) return;
    const first = setTimeout(() => void refresh(), 0);
    return () => clearTimeout(first);
  }, [enabled, refreshKey, refresh]);

  // When the stream (re)connects, for what it missed; polling while it is down.
  const polls = Boolean(pollMs) && types.length > 0;
  useEffect(() => {
    if (!enabled || !polls) return;
    const first = live ? setTimeout(() => void refresh(), 0) : null;
    const timer = live ? null : setInterval(() => void refresh(), pollMs);
    return () => {
      if (first) clearTimeout(first);
      if (timer) clearInterval(timer);
    };
  }, [enabled, polls, live, pollMs, refresh]);

  useEffect(() => {
    if (!enabled || (!windowEvent && !onVisible)) return;
    const load = () => void refresh();
    const visible = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    if (windowEvent) window.addEventListener(windowEvent, load);
    if (onVisible) document.addEventListener("visibilitychange", visible);
    return () => {
      if (windowEvent) window.removeEventListener(windowEvent, load);
      if (onVisible) document.removeEventListener("visibilitychange", visible);
    };
  }, [enabled, windowEvent, onVisible, refresh]);

  return { value, set: setValue, refresh };
}

/** `{unread_count}` of the unread-count endpoints. */
export function readUnreadCount(data: unknown): number | undefined {
  const count = (data as { unread_count?: unknown } | null)?.unread_count;
  return typeof count === "number" ? count : undefined;
}

"use client";

import type { LiveEvent } from "@/lib/events/publish";

export type LiveEventsState = {
  /** True while the event stream is connected; when false, callers poll (SPEC.md rates). */
  live: boolean;
};

/**
 * Subscribes the component to the signed-in user's live events. Until the stream
 * (`GET /api/events`) is connected, `live` is false and callers fall back to polling.
 */
export function useLiveEvents(onEvent: (event: LiveEvent) => void): LiveEventsState {
  void onEvent;
  return { live: false };
}

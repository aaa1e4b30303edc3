// GET /api/events: the signed-in user's live events as Server-Sent Events (see
// lib/platform/events/hub.ts). Web pages use it and poll when it is down; the apps may poll only.
// The stream ends when its session does (logout, password change, deletion, ban).
import { route } from "@/lib/domains/route";
import { AppError } from "@/lib/platform/api/errors";
import { sessionAdmits } from "@/lib/domains/accounts";
import { startListening, subscribe } from "@/lib/platform/events/hub";
import type { LiveEvent } from "@/lib/platform/events/publish";

export const dynamic = "force-dynamic";

/** A comment line keeps proxies and the browser from timing the stream out. */
const HEARTBEAT_MS = 20_000;

/**
 * One timer for all of the instance's open streams (not one each): every HEARTBEAT_MS it
 * pings each of them, and stops while none is open.
 */
const beating = new Set<() => void>();
let heartbeatTimer: ReturnType<typeof setInterval> | undefined;
function beat(ping: () => void): () => void {
  beating.add(ping);
  heartbeatTimer ??= setInterval(() => {
    for (const each of beating) each();
  }, HEARTBEAT_MS);
  return () => {
    beating.delete(ping);
    if (beating.size === 0 && heartbeatTimer) {
      clearInterval(heartbeatTimer);
      heartbeatTimer = undefined;
    }
  };
}
/** How long a browser waits before reconnecting after the stream ends. */
const RETRY_MS = 5_000;

export const GET = route({
  auth: "user",
  handler: async ({ user, sessionId, req }) => {
    if (!(await startListening())) {
      throw new AppError("unavailable", "Live events are unavailable; poll instead", { code: "unavailable", retryAfterSeconds: 10 });
    }
    const encoder = new TextEncoder();
    let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
    let closed = false;
    let stopBeating: (() => void) | undefined = undefined;
    const send = (text: string) => {
      if (closed || !controller) return;
      try {
        controller.enqueue(encoder.encode(text));
      } catch {
        cleanup();
      }
    };
    const subscription = subscribe(
      user.id,
      sessionId,
      (event: LiveEvent) => send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
      () => cleanup(),
    );
    if (!subscription) {
      throw new AppError("rate_limited", "Too many open event streams", { code: "rate_limited", retryAfterSeconds: 30 });
    }
    // A sign-out that committed between the caller check and the subscription was
    // announced before this stream listened for it: look once more.
    if (sessionId && !(await sessionAdmits(user.id, sessionId))) {
      cleanup();
      throw new AppError("unauthorized", "Not authenticated", { code: "unauthorized" });
    }
    if (closed) throw new AppError("unavailable", "Live events are unavailable; poll instead", { code: "unavailable", retryAfterSeconds: 10 });
    stopBeating = beat(() => send(": ping\n\n"));
    function cleanup() {
      if (closed) return;
      closed = true;
      stopBeating?.();
      subscription?.unsubscribe();
      req.signal.removeEventListener("abort", cleanup);
      try {
        controller?.close();
      } catch {
        // already closed by the client
      }
    }
    req.signal.addEventListener("abort", cleanup);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        send(`retry: ${RETRY_MS}\n: connected\n\nevent: ready\ndata: {}\n\n`);
      },
      cancel: cleanup,
    });
    return new Response(stream, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        "Content-Encoding": "none",
        "X-Accel-Buffering": "no",
        Connection: "keep-alive",
      },
    });
  },
});

/**
 * Who a session's caller is, kept briefly per instance: a GET request
 * with the same bearer token or session cookie as one answered in the last
 * REQUEST_CACHE_SECONDS (5) skips the token check and the session query.
 *
 * What keeps it right:
 * - only GET and HEAD use it; a write always reads the session and user afresh, and
 *   forgets the caller's entries (an admin's write: every entry) before and after it;
 * - a sign-out, password change, deletion or ban sends `streams_ended` on the live-event
 *   channel (lib/platform/events/publish.ts): every instance forgets that user's entries
 *   when it arrives (milliseconds), so a ban refuses the next request everywhere;
 * - it is used only while this instance listens on that channel, and forgets everything
 *   when the connection drops; an unban, or a change of the user's row by someone else,
 *   shows within the TTL at the latest.
 */
import type { Caller } from "@/lib/platform/api/hooks";
import { ShortCache } from "@/lib/platform/cache/short-cache";
import type { User } from "@/lib/platform/db/generated/client";
import { env } from "@/lib/platform/env";
import { isListening, watchEvents } from "@/lib/platform/events/hub";

type SignedIn = Extract<Caller, { user: User }>;

/** Bounded: the oldest entries go first past this many. */
const MAX_ENTRIES = 20_000;
const SAFE = new Set(["GET", "HEAD"]);

let cache: ShortCache<SignedIn> | null | undefined;

function ttlSeconds(): number {
  const { REQUEST_CACHE_SECONDS, NODE_ENV } = env();
  return REQUEST_CACHE_SECONDS ?? (NODE_ENV === "test" ? 0 : 5);
}

/** The cache, or null when it is off (set to 0) or this instance does not hear the channel. */
function callers(): ShortCache<SignedIn> | null {
  if (cache === undefined) {
    const seconds = ttlSeconds();
    cache = seconds > 0 ? new ShortCache<SignedIn>(seconds * 1000, MAX_ENTRIES) : null;
    if (cache) {
      const own = cache;
      watchEvents((userId) => (userId === null ? own.forget() : own.forget((_key, caller) => caller.user.id === userId)));
    }
  }
  return cache && isListening() ? cache : null;
}

/** The request's credential: its bearer token, or its next-auth session cookie(s). */
function credentialOf(req: Request): string | null {
  const authorization = req.headers.get("authorization");
  if (authorization?.toLowerCase().startsWith("bearer ")) return `b ${authorization.slice(7).trim()}`;
  const cookie = req.headers.get("cookie");
  if (!cookie) return null;
  const parts = cookie
    .split(";")
    .map((part) => part.trim())
    .filter((part) => /^(__Secure-)?next-auth\.session-token(\.\d+)?=/.test(part))
    .sort();
  return parts.length > 0 ? `c ${parts.join(";")}` : null;
}

/** Forgets what is kept of `user` (every caller for an admin, whose writes may change anyone). */
export function forgetCaller(user: Pick<User, "id" | "isAdmin">): void {
  if (!cache) return;
  if (user.isAdmin) cache.forget();
  else cache.forget((_key, caller) => caller.user.id === user.id);
}

/**
 * The caller of `req` through the cache: `resolve` reads it afresh on a miss, for a
 * write, or when the cache is off. Only signed-in callers are kept.
 */
export async function cachedCaller(req: Request, resolve: (req: Request) => Promise<Caller>): Promise<Caller> {
  const kept = callers();
  const key = kept ? credentialOf(req) : null;
  if (!kept || !key) return resolve(req);
  if (!SAFE.has(req.method)) {
    const caller = await resolve(req);
    if (caller.user) forgetCaller(caller.user);
    return caller;
  }
  const hit = kept.get(key);
  if (hit) return hit;
  const stamp = kept.stamp();
  const caller = await resolve(req);
  if (caller.user) kept.set(key, caller, stamp);
  return caller;
}

/** After a write's answer: forget its caller again (what it changed is committed now). */
export function forgetCallerAfterWrite(method: string, user: Pick<User, "id" | "isAdmin"> | null): void {
  if (user && !SAFE.has(method)) forgetCaller(user);
}

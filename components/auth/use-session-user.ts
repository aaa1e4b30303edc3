"use client";

/**
 * The signed-in user on the client, without next-auth's client library (15 KB on every
 * page, docs/performance.md): one GET /api/auth/session per page load, shared by every component
 * that asks, again when the tab becomes visible, and in every open tab after a sign-in or
 * sign-out in one of them. Pages are the same for everyone; the signed-in parts of the
 * header and the buttons fill in here.
 *
 * Sign-in stays next-auth's signIn() in the login dialog (loaded on demand), which calls
 * refreshSession() when it succeeds; sign-out is signOut() below, next-auth's own
 * endpoint with its CSRF token.
 */
import * as React from "react";
import type { Session } from "next-auth";

export type SessionUser = NonNullable<Session["user"]>;

export type SessionUserState =
  | { status: "loading"; user: null }
  | { status: "authenticated"; user: SessionUser }
  | { status: "unauthenticated"; user: null };

const LOADING: SessionUserState = { status: "loading", user: null };
const SIGNED_OUT: SessionUserState = { status: "unauthenticated", user: null };
const CHANNEL = "kringwaar-session";

let state: SessionUserState = LOADING;
let inflight: Promise<SessionUserState> | null = null;
let started = false;
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function publish(next: SessionUserState) {
  const same =
    next.status === state.status && JSON.stringify(next.user ?? null) === JSON.stringify(state.user ?? null);
  if (same) return;
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Reads the session again (after a sign-in, a profile change or a new photo). A session
 * without `user` (the account was banned or deleted since the cookie was issued) counts
 * as signed out. A failed request keeps what is known.
 */
export function refreshSession(): Promise<SessionUserState> {
  inflight ??= fetch("/api/auth/session", { credentials: "same-origin", cache: "no-store" })
    .then(async (res) => {
      if (!res.ok) return state.status === "loading" ? SIGNED_OUT : state;
      const body = (await res.json().catch(() => null)) as Partial<Session> | null;
      if (!body?.user && body?.ended) endedElsewhere(body.ended);
      return body?.user ? { status: "authenticated" as const, user: body.user } : SIGNED_OUT;
    })
    .catch(() => (state.status === "loading" ? SIGNED_OUT : state))
    .then((next) => {
      publish(next);
      return next;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

let ending = false;

/**
 * The cookie names a session that was ended elsewhere (a password change or reset on
 * another device, a ban, the account deleted): sign out here too (the cookie goes) and
 * land on /logged-out, which says why, rather than a silent logout.
 */
function endedElsewhere(reason: string) {
  if (ending) return;
  ending = true;
  void signOut({ callbackUrl: `/logged-out?reason=${encodeURIComponent(reason)}` });
}

/** Tells the other open tabs that the session changed, so they read it again. */
export function announceSessionChanged() {
  channel?.postMessage("changed");
}

function start() {
  if (started) return;
  started = true;
  void refreshSession();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void refreshSession();
  });
  if (typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void refreshSession();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  start();
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;
const getServerSnapshot = () => LOADING;

export function useSessionUser(): SessionUserState {
  return React.useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/**
 * Signs out of the web session (next-auth's sign-out endpoint, which revokes the
 * session row) and loads `callbackUrl`.
 */
export async function signOut({ callbackUrl = "/" }: { callbackUrl?: string } = {}) {
  // "Loading" on this page until the next one loads: what polls with the session (the
  // bell) stops and cancels its requests before the session ends, rather than meeting a
  // 401, and nothing offers a login while the sign-out is under way.
  publish(LOADING);
  try {
    const csrf = (await (await fetch("/api/auth/csrf", { credentials: "same-origin" })).json()) as { csrfToken: string };
    await fetch("/api/auth/signout", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl, json: "true" }),
    });
  } finally {
    announceSessionChanged();
    window.location.assign(callbackUrl);
  }
}

/** "Anna de Vries" → "Anna". */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

"use client";

/**
 * The signed-in user on the client: next-auth's useSession() (its SessionProvider wraps
 * every page, components/providers.tsx), read once per page load, again when the tab
 * becomes visible, and in every open tab after a sign-in or sign-out in one of them.
 * Pages are the same for everyone; the signed-in parts of the header and the buttons
 * fill in here.
 *
 * A session without `user` (the account was banned or deleted, or the session ended
 * elsewhere, since the cookie was issued) counts as signed out; when it says why, this
 * tab signs out too and lands on /logged-out, which tells the user. Sign-in is next-auth's
 * signIn() in the login dialog; sign-out is next-auth's signOut(), below.
 */
import * as React from "react";
import type { Session } from "next-auth";
import { getSession, signOut as endSession, useSession } from "next-auth/react";

export type SessionUser = NonNullable<Session["user"]>;

export type SessionUserState =
  | { status: "loading"; user: null }
  | { status: "authenticated"; user: SessionUser }
  | { status: "unauthenticated"; user: null };

const LOADING: SessionUserState = { status: "loading", user: null };
const SIGNED_OUT: SessionUserState = { status: "unauthenticated", user: null };

// While a sign-out is under way the page counts as "loading": what polls with the
// session (the bell) stops and cancels its requests before the session ends, rather than
// meeting a 401, and nothing offers a login meanwhile.
let signingOut = false;
const signingOutListeners = new Set<() => void>();
function subscribeSigningOut(listener: () => void) {
  signingOutListeners.add(listener);
  return () => signingOutListeners.delete(listener);
}

export function useSessionUser(): SessionUserState {
  const { data, status } = useSession();
  const leaving = React.useSyncExternalStore(subscribeSigningOut, () => signingOut, () => false);
  const user = data?.user;
  const ended = status === "authenticated" && !user ? data?.ended : undefined;
  React.useEffect(() => {
    if (ended) endedElsewhere(ended);
  }, [ended]);
  return React.useMemo((): SessionUserState => {
    if (leaving || status === "loading") return LOADING;
    return user ? { status: "authenticated", user } : SIGNED_OUT;
  }, [leaving, status, user]);
}

let ending = false;

function endedElsewhere(reason: string) {
  if (ending) return;
  ending = true;
  void signOut({ callbackUrl: `/logged-out?reason=${encodeURIComponent(reason)}` });
}

/**
 * Reads the session again after a change to what it shows (the name, the photo), in this
 * tab (next-auth's update()) and in the others.
 */
export function useRefreshSession(): () => Promise<void> {
  const { update } = useSession();
  return React.useCallback(async () => {
    await update();
  }, [update]);
}

/** After next-auth's signIn(): the other open tabs read the session again too. */
export async function announceSignIn(): Promise<void> {
  await getSession();
}

/**
 * Signs out of the web session (next-auth's signOut(), whose endpoint revokes the
 * session row) and loads `callbackUrl`.
 */
export async function signOut({ callbackUrl = "/" }: { callbackUrl?: string } = {}) {
  signingOut = true;
  for (const listener of signingOutListeners) listener();
  await endSession({ callbackUrl });
}

/** "Anna de Vries" → "Anna". */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

"use client";

import type { Session } from "next-auth";
import { useSession } from "next-auth/react";

export type SessionUser = NonNullable<Session["user"]>;

export type SessionUserState =
  | { status: "loading"; user: null }
  | { status: "authenticated"; user: SessionUser }
  | { status: "unauthenticated"; user: null };

/**
 * The signed-in user on the client. A session without `user` (the account was banned
 * or deleted since the cookie was issued) counts as logged out.
 */
export function useSessionUser(): SessionUserState {
  const { data, status } = useSession();
  if (status === "loading") return { status: "loading", user: null };
  if (status === "authenticated" && data?.user) return { status: "authenticated", user: data.user };
  return { status: "unauthenticated", user: null };
}

/** "Anna de Vries" → "Anna". */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

"use client";

import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { takeAfterLogin } from "./after-login";
import { announceSignIn } from "./use-session-user";

/**
 * What both forms do once next-auth has signed the visitor in: the session everywhere on
 * the page, the login prompt's toast replaced by "Je bent ingelogd", the dialog closed,
 * then on to `next`, or the page again and what the prompt was for (./after-login.ts).
 */
export function useSignedIn(onDone: () => void, next: string | undefined): (message: string) => Promise<void> {
  const router = useRouter();
  return async (message) => {
    // next-auth's signIn() has read the session for this tab; the others read it too.
    await announceSignIn();
    // Taken before onDone(): closing the dialog drops a pending action.
    const then = takeAfterLogin();
    toast.success(message);
    onDone();
    // A full load: the router's cache still holds what this visitor was shown before
    // logging in (a login-only page prefetched as a redirect to the login dialog).
    if (next) window.location.assign(next);
    else {
      router.refresh();
      then?.();
    }
  };
}

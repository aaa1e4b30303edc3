"use client";

import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { announceSessionChanged, refreshSession } from "./use-session-user";

/**
 * What both forms do once next-auth has signed the visitor in: the session everywhere on
 * the page, a toast, the dialog closed, then on to `next` or the page again.
 */
export function useSignedIn(onDone: () => void, next: string | undefined): (message: string) => Promise<void> {
  const router = useRouter();
  return async (message) => {
    await refreshSession();
    announceSessionChanged();
    toast.success(message);
    onDone();
    // A full load: the router's cache still holds what this visitor was shown before
    // logging in (a login-only page prefetched as a redirect to the login dialog).
    if (next) window.location.assign(next);
    else router.refresh();
  };
}

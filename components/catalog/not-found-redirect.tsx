"use client";

/**
 * On a not-found page reached by client-side navigation (a link inside the app to a
 * product that is gone), SPEC.md's behaviour: toast the message and go to /browse. A page
 * opened directly (shared link, reload) stays, so visitors and crawlers see the 404 page.
 */
import * as React from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";

export function NotFoundRedirect({ message, href = "/browse" }: { message: string; href?: string }) {
  const router = useRouter();
  React.useEffect(() => {
    const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const loadedHere = !entry || entry.name === window.location.href;
    if (loadedHere) return;
    toast.error(message, { id: "not-found-redirect" });
    router.replace(href);
  }, [message, href, router]);
  return null;
}

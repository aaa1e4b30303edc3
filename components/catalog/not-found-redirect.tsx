"use client";

/**
 * On a not-found page reached from inside the app (a link to a product that is gone),
 * SPEC.md's behaviour: toast the message and go to /browse. A page opened directly
 * (shared link, reload, typed address) stays, so visitors and crawlers see the 404 page.
 *
 * "From inside the app" is a client-side navigation, or a full page load that Next fell
 * back to (a cached page's 404 answers Next's navigation request with a 404 status,
 * after which Next loads the page in full) whose referrer is another page of ours.
 */
import * as React from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";

function fromOurOtherPage(): boolean {
  try {
    const referrer = new URL(document.referrer);
    return referrer.origin === window.location.origin && referrer.pathname !== window.location.pathname;
  } catch {
    return false;
  }
}

export function NotFoundRedirect({ message, href = "/browse" }: { message: string; href?: string }) {
  const router = useRouter();
  React.useEffect(() => {
    const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const loadedHere = !entry || entry.name === window.location.href;
    if (loadedHere && !(entry?.type === "navigate" && fromOurOtherPage())) return;
    toast.error(message, { id: "not-found-redirect" });
    router.replace(href);
  }, [message, href, router]);
  return null;
}

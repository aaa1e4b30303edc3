"use client";

import * as React from "react";
import { usePathname, useSearchParams } from "next/navigation";

/** Client-side navigations inside the site since this document loaded. */
let inSiteNavigations = 0;

/**
 * True when one step back stays on Kringwaar: the page was reached by a client-side
 * navigation here, or loaded from a link on this site (same-origin referrer). A page
 * opened from a link elsewhere (a search engine, a chat) has no step back on the site.
 */
export function hasInSiteHistory(): boolean {
  if (inSiteNavigations > 0) return true;
  try {
    return document.referrer !== "" && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

function Tracker() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const first = React.useRef(true);
  React.useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    inSiteNavigations += 1;
  }, [pathname, search]);
  return null;
}

/** Counts the client-side navigations (mounted once, in the providers). */
export function NavigationTracker() {
  return (
    <React.Suspense fallback={null}>
      <Tracker />
    </React.Suspense>
  );
}

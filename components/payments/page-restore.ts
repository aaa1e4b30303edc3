"use client";

import * as React from "react";

/**
 * Runs `reset` when the browser shows this page again from its back-forward cache (the
 * buyer went to the checkout and pressed Back): state like "redirecting…" would
 * otherwise stay frozen as it was when the page was left. Its own module so that the
 * product cards' Buy button can use it without loading ./checkout-client.ts up front.
 */
export function useOnPageRestore(reset: () => void) {
  const latest = React.useRef(reset);
  React.useEffect(() => {
    latest.current = reset;
  });
  React.useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);
}

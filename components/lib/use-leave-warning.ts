"use client";

/**
 * Asks before leaving a page with unsaved work: the browser's own
 * question on reload, close or an address typed (beforeunload), and a confirm for a link
 * of the app (a click on a same-origin link to another page, caught before Next's Link
 * sees it). The back button is not caught: the App Router has no way to hold it.
 */
import * as React from "react";

function leavesPage(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const anchor = (event.target as Element | null)?.closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute("download")) return false;
  if (anchor.target && anchor.target !== "_self") return false;
  const url = new URL(anchor.href, window.location.href);
  // Another site unloads this page: beforeunload asks. The same page (an anchor) stays.
  if (url.origin !== window.location.origin) return false;
  return url.pathname !== window.location.pathname || url.search !== window.location.search;
}

export function useLeaveWarning(active: boolean, message: string): void {
  React.useEffect(() => {
    if (!active) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = "";
    };
    const click = (event: MouseEvent) => {
      if (!leavesPage(event) || window.confirm(message)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, [active, message]);
}

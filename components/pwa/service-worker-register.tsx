"use client";

import { useEffect } from "react";

/** How long after `load` the registration waits: the page's own start goes first. */
const AFTER_LOAD_MS = 3_000;

/**
 * Registers /sw.js a few seconds after the page has loaded, when the main thread is idle
 *, in production builds only: in development a cached offline page would
 * hide real errors. Installing fetches and caches the offline page with its scripts and
 * the icons (0.3–0.9 s of CPU on a two-core test host); right after `load` that competed
 * with the page's hydration on a slow phone, and offline support is for later visits.
 */
export function ServiceWorkerRegister() {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    let cancel = () => {};
    const register = () => {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
        // Not fatal: the site works without offline support (e.g. private windows).
      });
    };
    const whenIdle = () => {
      // Safari has no requestIdleCallback: the delay alone.
      if (typeof window.requestIdleCallback !== "function") return register();
      const id = window.requestIdleCallback(register, { timeout: 10_000 });
      cancel = () => window.cancelIdleCallback(id);
    };
    const afterLoad = () => {
      const id = globalThis.setTimeout(whenIdle, AFTER_LOAD_MS);
      cancel = () => globalThis.clearTimeout(id);
    };
    if (document.readyState === "complete") afterLoad();
    else window.addEventListener("load", afterLoad, { once: true });
    return () => {
      window.removeEventListener("load", afterLoad);
      cancel();
    };
  }, []);
  return null;
}

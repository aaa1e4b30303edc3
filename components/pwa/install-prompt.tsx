"use client";

/**
 * The install path (docs/phone.md): Chrome's install prompt (`beforeinstallprompt`) on
 * Android and desktop, the "Zet op beginscherm" hint on iOS Safari. Offered only on a
 * later visit, once the visitor has saved a favourite or sent a message, never in the
 * installed app, and never again once dismissed. This part is small and on every page
 * (the browser's event comes early); the banner loads only when it is shown.
 */
import * as React from "react";
import dynamic from "next/dynamic";
import { ENGAGED_EVENT } from "@/components/lib/api-client";

const InstallBanner = dynamic(() => import("./install-banner").then((m) => m.InstallBanner), { ssr: false });

export const INSTALL_DISMISSED_KEY = "kringwaar:install-dismissed";
const ENGAGED_KEY = "kringwaar:engaged";
const FIRST_VISIT_KEY = "kringwaar:first-visit";
const LATER_VISIT_KEY = "kringwaar:later-visit";
/** The pause before offering it on a page load: the page first. */
const DELAY_MS = 4_000;

/** Chrome's event (not in TypeScript's DOM types). */
export type BeforeInstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: "accepted" | "dismissed" }> };

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null; // storage blocked (private mode): treated as a first visit, nothing shown
  }
}

function write(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // nothing to remember with
  }
}

/** Whether an earlier visit (another browser session) was seen; records this one. */
function isLaterVisit(): boolean {
  let later = read(sessionStorage, LATER_VISIT_KEY);
  if (later === null) {
    later = read(localStorage, FIRST_VISIT_KEY) === null ? "0" : "1";
    write(sessionStorage, LATER_VISIT_KEY, later);
    if (later === "0") write(localStorage, FIRST_VISIT_KEY, new Date().toISOString());
  }
  return later === "1";
}

function isStandalone(): boolean {
  return window.matchMedia("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
}

export function isIosSafari(userAgent: string, touchMac = false): boolean {
  const ios = /iP(hone|ad|od)/.test(userAgent) || touchMac;
  return ios && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

export function InstallPrompt() {
  const [shown, setShown] = React.useState<"native" | "ios" | null>(null);
  const deferred = React.useRef<BeforeInstallPromptEvent | null>(null);

  React.useEffect(() => {
    if (read(localStorage, INSTALL_DISMISSED_KEY) || isStandalone()) return;
    const later = isLaterVisit();
    const ios = isIosSafari(navigator.userAgent, navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
    const offer = () => {
      if (!later || !read(localStorage, ENGAGED_KEY) || read(localStorage, INSTALL_DISMISSED_KEY)) return;
      if (deferred.current) setShown("native");
      else if (ios) setShown("ios");
    };
    const onPrompt = (event: Event) => {
      event.preventDefault(); // ours comes at a better moment
      deferred.current = event as BeforeInstallPromptEvent;
    };
    const onEngaged = () => {
      write(localStorage, ENGAGED_KEY, "1");
      offer();
    };
    const onInstalled = () => setShown(null);
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener(ENGAGED_EVENT, onEngaged);
    window.addEventListener("appinstalled", onInstalled);
    const timer = window.setTimeout(offer, DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener(ENGAGED_EVENT, onEngaged);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  if (!shown) return null;
  const close = (forGood: boolean) => {
    if (forGood) write(localStorage, INSTALL_DISMISSED_KEY, new Date().toISOString());
    setShown(null);
  };
  const install = async () => {
    const event = deferred.current;
    deferred.current = null;
    if (!event) return close(false);
    await event.prompt();
    const { outcome } = await event.userChoice;
    close(outcome === "accepted");
  };
  return <InstallBanner kind={shown} onInstall={install} onDismiss={() => close(true)} />;
}

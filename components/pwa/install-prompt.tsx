"use client";

/**
 * The install path (docs/phone.md): Chrome's install prompt (`beforeinstallprompt`) on
 * Android and desktop, the "Zet op beginscherm" hint on iOS Safari. Offered only on a
 * later visit, once the visitor has saved a favourite or sent a message, never in the
 * installed app, and never again once dismissed. This part is small and on every page
 * (the browser's event comes early); the banner loads only when it is shown.
 * The phone menu's "Install the app" asks for the same banner at any time
 * (`openInstallPrompt`), also after a dismissal: it shows while `useInstallAvailable`
 * says the browser can install.
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

const OPEN_EVENT = "kringwaar:install-open";

type Availability = "native" | "ios" | null;
let availability: Availability = null;
const watchers = new Set<() => void>();
function setAvailability(next: Availability): void {
  availability = next;
  watchers.forEach((watcher) => watcher());
}
function watch(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/** How this browser can install the app now: Chrome's prompt, the iOS hint, or not at all. */
export function useInstallAvailable(): Availability {
  return React.useSyncExternalStore(watch, () => availability, () => null);
}

/** Shows the install banner now (the phone menu's entry), whatever the visit or a dismissal. */
export function openInstallPrompt(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

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
    if (isStandalone()) return;
    const later = isLaterVisit();
    const ios = isIosSafari(navigator.userAgent, navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
    if (ios) setAvailability("ios");
    const now = () => (deferred.current ? "native" : ios ? "ios" : null);
    const offer = () => {
      if (!later || !read(localStorage, ENGAGED_KEY) || read(localStorage, INSTALL_DISMISSED_KEY)) return;
      setShown(now());
    };
    const onPrompt = (event: Event) => {
      event.preventDefault(); // ours comes at a better moment
      deferred.current = event as BeforeInstallPromptEvent;
      setAvailability("native");
    };
    const onEngaged = () => {
      write(localStorage, ENGAGED_KEY, "1");
      offer();
    };
    const onOpen = () => setShown(now());
    const onInstalled = () => {
      deferred.current = null;
      setAvailability(null);
      setShown(null);
    };
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener(ENGAGED_EVENT, onEngaged);
    window.addEventListener(OPEN_EVENT, onOpen);
    window.addEventListener("appinstalled", onInstalled);
    const timer = window.setTimeout(offer, DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener(ENGAGED_EVENT, onEngaged);
      window.removeEventListener(OPEN_EVENT, onOpen);
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
    // A prompt can be used once; the browser sends a new event if it may ask again.
    if (event) setAvailability(null);
    if (!event) return close(false);
    await event.prompt();
    const { outcome } = await event.userChoice;
    close(outcome === "accepted");
  };
  return <InstallBanner kind={shown} onInstall={install} onDismiss={() => close(true)} />;
}

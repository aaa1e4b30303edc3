/**
 * Whether Google Maps is usable on this page. The Maps JavaScript API loads once per page,
 * so one failure (script not loaded, load timeout, rejected key) switches every map on
 * the page to the keyless engine, and later maps start there directly.
 *
 * A rejected key is only reported through the global `window.gm_authFailure` callback,
 * which the API calls after it has loaded and checked the key; @vis.gl/react-google-maps
 * 1.x no longer reports it itself. installAuthFailureHook() sets that callback and must
 * run before the script loads (google-map.tsx calls it when its module is evaluated).
 */

export type GoogleAvailability = "available" | "failed" | "auth_failure";

declare global {
  interface Window {
    gm_authFailure?: () => void;
  }
}

let availability: GoogleAvailability = "available";
const listeners = new Set<() => void>();
let hookInstalled = false;

export function markGoogleUnavailable(reason: Exclude<GoogleAvailability, "available">) {
  if (availability !== "available") return;
  availability = reason;
  listeners.forEach((listener) => listener());
}

export function subscribeGoogleAvailability(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getGoogleAvailability(): GoogleAvailability {
  return availability;
}

/** On the server (and while hydrating) Google counts as available; the client decides. */
export function getServerGoogleAvailability(): GoogleAvailability {
  return "available";
}

export function installAuthFailureHook() {
  if (hookInstalled || typeof window === "undefined") return;
  hookInstalled = true;
  const previous = window.gm_authFailure;
  window.gm_authFailure = () => {
    previous?.();
    markGoogleUnavailable("auth_failure");
  };
}

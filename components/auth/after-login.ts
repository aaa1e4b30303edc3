"use client";

/**
 * What a login prompt (Bewaren, Contact Seller, Koop) was for, done once the visitor has
 * logged in or registered in the dialog it opened: one pending action
 * at a time, dropped when the dialog closes without a login. The prompt's toast has its
 * own id, so the sign-in takes it away instead of leaving it next to "Je bent ingelogd".
 */
import { toast } from "@/components/ui/toast";

/** The id of every "Log in om …" toast of a prompt. */
export const LOGIN_PROMPT_TOAST = "login-prompt";

let pending: (() => void) | null = null;

/** Shows the prompt's toast (one at a time) and keeps `then` for after the login. */
export function promptLogin(kind: "info" | "error", message: string, then: (() => void) | undefined, open: () => void) {
  toast[kind](message, { id: LOGIN_PROMPT_TOAST });
  open();
  // After open(): opening the dialog drops an earlier prompt's action.
  pending = then ?? null;
}

/** Called when the dialog opens or closes without a login: nothing left to do. */
export function dropAfterLogin() {
  pending = null;
}

/** The action the login was for (taken: it runs once), and the prompt's toast gone. */
export function takeAfterLogin(): (() => void) | null {
  const action = pending;
  pending = null;
  toast.dismiss(LOGIN_PROMPT_TOAST);
  return action;
}

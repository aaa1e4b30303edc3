"use client";

/**
 * Toasts without sonner on the first load (12 KB, the JavaScript budget of docs/performance.md): the same
 * calls as sonner's toast.success/error/info, but sonner and its Toaster load on the
 * first toast. components/ui/toaster-host.tsx mounts the Toaster then and says when it
 * listens; a toast waits for that, so none is lost.
 */
import * as React from "react";
import type { ExternalToast } from "sonner";

type Kind = "success" | "error" | "info" | "warning" | "message";
type Message = React.ReactNode;

let wanted = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the Toaster host once sonner's Toaster is mounted and subscribed. */
export function toasterReady() {
  markReady();
}

/** True once a toast was asked for: the host then loads and mounts the Toaster. */
export function useToasterWanted(): boolean {
  return React.useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

function show(kind: Kind, message: Message, options?: ExternalToast) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void Promise.all([import("sonner"), ready]).then(([{ toast: sonner }]) => {
    sonner[kind](message, options);
  });
}

export const toast = {
  success: (message: Message, options?: ExternalToast) => show("success", message, options),
  error: (message: Message, options?: ExternalToast) => show("error", message, options),
  info: (message: Message, options?: ExternalToast) => show("info", message, options),
  warning: (message: Message, options?: ExternalToast) => show("warning", message, options),
  message: (message: Message, options?: ExternalToast) => show("message", message, options),
  /** Takes a toast away by its id (nothing to do before the first toast loaded sonner). */
  dismiss: (id: string | number) => {
    if (!wanted) return;
    void Promise.all([import("sonner"), ready]).then(([{ toast: sonner }]) => {
      sonner.dismiss(id);
    });
  },
};

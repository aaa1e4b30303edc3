"use client";

/**
 * The Toaster, loaded with sonner on the first toast (components/ui/toast.ts).
 *
 * The toast values of docs/accessibility.md. Sonner 2 already pauses the timer while a toast is
 * hovered (the stack expands) and while the tab is hidden (`visibilitychange`), and its
 * swipe-to-dismiss threshold is a fixed 45 px; width 356 px is also its default, set
 * explicitly here so the documented value survives a library default change.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { Toaster } from "sonner";
import { toasterReady } from "./toast";

export default function AppToaster() {
  const t = useTranslations("common");
  // Runs after the Toaster's own effects (children first), so it is subscribed.
  React.useEffect(() => toasterReady(), []);
  return (
    <Toaster
      position="bottom-right"
      theme="light"
      richColors
      closeButton
      visibleToasts={3}
      gap={14}
      duration={4000}
      containerAriaLabel={t("notificationsRegion")}
      toastOptions={{ duration: 4000, closeButtonAriaLabel: t("closeToast") }}
      style={{ "--width": "356px" } as React.CSSProperties}
    />
  );
}

"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { SessionProvider } from "next-auth/react";
import { useLocale, useTranslations } from "next-intl";
import { Toaster } from "sonner";
import { AuthDialogProvider } from "@/components/auth/auth-dialog-provider";
import { NavigationTracker } from "@/components/layout/navigation-tracker";
import {
  readLocaleCookie,
  readStoredLocale,
  refreshOfflinePage,
  writeLocaleCookie,
  writeStoredLocale,
} from "@/components/layout/language-switcher";
import { LOCALE_STORAGE_KEY } from "@/lib/i18n/config";

/**
 * Client-wide context: the next-auth session, the login/register dialog, the toaster
 * and the locale sync.
 */
export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <SessionProvider>
      <AuthDialogProvider>{children}</AuthDialogProvider>
      <LocaleSync />
      <NavigationTracker />
      <AppToaster />
    </SessionProvider>
  );
}

/**
 * SPEC section 9 toast values. Sonner 2 already pauses the timer while a toast is
 * hovered (the stack expands) and while the tab is hidden (`visibilitychange`), and its
 * swipe-to-dismiss threshold is a fixed 45 px; width 356 px is also its default, set
 * explicitly here so the SPEC value survives a library default change.
 */
function AppToaster() {
  const t = useTranslations("common");
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

/**
 * The language lives in a cookie (read by the server) mirrored in localStorage
 * (DECISIONS.md section 9). On load: a valid stored choice that differs from the
 * cookie wins (the cookie expired or was cleared): write the cookie and, if the page
 * was rendered in another language, re-render it on the server. When nothing is
 * stored yet, the cookie's value is mirrored. A stored value that is not exactly "nl"
 * or "en" is ignored.
 */
function LocaleSync() {
  const router = useRouter();
  const locale = useLocale();

  React.useEffect(() => {
    const stored = readStoredLocale();
    const cookie = readLocaleCookie();
    if (stored) {
      if (stored !== cookie) {
        writeLocaleCookie(stored);
        if (stored !== locale) router.refresh();
        refreshOfflinePage();
      }
    } else if (cookie && storageKeyMissing()) {
      writeStoredLocale(cookie);
    }
    // Only on first load: later switches go through the language switcher.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return null;
}

function storageKeyMissing(): boolean {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY) === null;
  } catch {
    return false;
  }
}

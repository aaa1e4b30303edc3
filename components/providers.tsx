"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useLocale } from "next-intl";
import { AuthDialogProvider } from "@/components/auth/auth-dialog-provider";
import { NavigationTracker } from "@/components/layout/navigation-tracker";
import {
  readLocaleCookie,
  readStoredLocale,
  refreshOfflinePage,
  writeLocaleCookie,
  writeStoredLocale,
} from "@/components/layout/language-switcher";
import { useToasterWanted } from "@/components/ui/toast";
import { LOCALE_STORAGE_KEY } from "@/lib/i18n/config";

/**
 * Client-wide context: the login/register dialog, the toaster and the locale sync. The
 * session is components/auth/use-session-user.ts (no provider needed).
 */
export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <>
      <AuthDialogProvider>{children}</AuthDialogProvider>
      <LocaleSync />
      <NavigationTracker />
      <ToasterHost />
    </>
  );
}

const AppToaster = React.lazy(() => import("@/components/ui/toaster"));

/** Mounts the Toaster with the first toast (components/ui/toast.ts). */
function ToasterHost() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <React.Suspense fallback={null}>
      <AppToaster />
    </React.Suspense>
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

"use client";

import { useTransition } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  LOCALE_STORAGE_KEY,
  LOCALES,
  isLocale,
  type Locale,
} from "@/lib/platform/i18n/config";
import { useSessionUser } from "@/components/auth/use-session-user";
import { cn } from "@/lib/platform/utils";
import { apiResult } from "@/components/lib/api-client";

/** The locale cookie as the browser holds it (only `nl` or `en` count). */
export function readLocaleCookie(): Locale | null {
  const prefix = `${LOCALE_COOKIE}=`;
  const raw = document.cookie
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  return isLocale(raw) ? raw : null;
}

export function writeLocaleCookie(locale: Locale): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

/** The mirrored choice in localStorage, or null when absent, invalid or storage is blocked. */
export function readStoredLocale(): Locale | null {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeStoredLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode or blocked storage: the cookie alone still carries the choice.
  }
}

/** Asks the service worker to re-cache the offline page in the new language. */
export function refreshOfflinePage(): void {
  navigator.serviceWorker?.controller?.postMessage({ type: "refresh-offline" });
}

const SHORT: Record<Locale, string> = { nl: "NL", en: "EN" };

/** Two-button NL | EN switch: stores the choice in the cookie and localStorage, then re-renders. */
export function LanguageSwitcher({
  className,
  testId = "language-switcher",
}: {
  className?: string;
  testId?: string;
}) {
  const t = useTranslations("language");
  const current = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const session = useSessionUser();

  function choose(locale: Locale) {
    if (locale === current) return;
    writeLocaleCookie(locale);
    writeStoredLocale(locale);
    // A signed-in user's choice is kept on the account too: mails and notifications
    // follow it. Best effort: the page's own language is the cookie's.
    if (session.status === "authenticated") {
      void apiResult("/api/users/me/settings", { method: "PATCH", json: { locale }, loginOn401: false });
    }
    startTransition(() => router.refresh());
    refreshOfflinePage();
  }

  return (
    <div
      role="group"
      aria-label={t("label")}
      data-testid={testId}
      aria-busy={pending || undefined}
      className={cn(
        "inline-flex h-9 items-center rounded-full border bg-card p-0.5 text-xs font-semibold shadow-xs",
        pending && "opacity-70",
        className,
      )}
    >
      {LOCALES.map((locale) => {
        const active = locale === current;
        return (
          <button
            key={locale}
            type="button"
            lang={locale}
            data-locale={locale}
            aria-pressed={active}
            aria-label={t(`names.${locale}`)}
            title={t(`names.${locale}`)}
            onClick={() => choose(locale)}
            className={cn(
              "h-full min-w-9 rounded-full px-2.5 transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none",
              active ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {SHORT[locale]}
          </button>
        );
      })}
    </div>
  );
}

"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { SessionProvider } from "next-auth/react";
import { AuthDialogProvider } from "@/components/auth/auth-dialog-provider";
import { NavigationTracker } from "@/components/layout/navigation-tracker";
import {
  readLocaleCookie,
  readStoredLocale,
  refreshOfflinePage,
  writeLocaleCookie,
  writeStoredLocale,
} from "@/components/layout/language-switcher";
import { Button } from "@/components/ui/button";
import { toast, useToasterWanted } from "@/components/ui/toast";
import { LOCALE_STORAGE_KEY } from "@/lib/platform/i18n/config";

/**
 * Client-wide context: next-auth's session (read with components/auth/use-session-user.ts),
 * the login/register dialog, the toaster and the locale sync.
 */
export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <SessionProvider>
      <AuthDialogProvider>{children}</AuthDialogProvider>
      <LocaleSync />
      <NavigationTracker />
      <ToasterHost />
    </SessionProvider>
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
 * (docs/languages.md). On load: a valid stored choice that differs from the
 * cookie wins (the cookie expired or was cleared): write the cookie and, if the page
 * was rendered in another language, re-render it on the server. When nothing is
 * stored yet, the cookie's value is mirrored. A stored value that is not exactly "nl"
 * or "en" is ignored.
 */
function LocaleSync() {
  const router = useRouter();
  const locale = useLocale();

  React.useEffect(() => {
    const sync = () => {
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
    };
    // In a task of its own once the page is idle: the first localStorage read of a page
    // opens its storage synchronously, which on a phone lengthened hydration's last task.
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(sync, { timeout: 1000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(sync, 1);
    return () => window.clearTimeout(timer);
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

/**
 * The 404 views: the site's (app/[locale]/not-found.tsx) and a product's
 * (app/[locale]/(shop)/product/[id]/not-found.tsx), both server components that render
 * this with their icon. Its texts come from the page's messages: a not-found boundary
 * gets no params, and the cached pages around it have their language from the provider,
 * not a cookie. It lives in this module, which every page loads anyway, because a
 * boundary loads with its layout: as client components of their own the two views were
 * a script on every page (1.3 KB) and another on every product page (1.1 KB).
 */
export function NotFoundView({ icon, product = false }: { icon: React.ReactNode; product?: boolean }) {
  const t = useTranslations(product ? "product.notFound" : "errors.notFound");
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid={product ? "product-not-found" : undefined}>
      <title>{`${t("title")} · Kringwaar`}</title>
      <meta name="robots" content="noindex" />
      <span className="flex size-16 items-center justify-center rounded-full bg-secondary text-secondary-foreground">{icon}</span>
      <p className="mt-6 text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("text")}</p>
      {product ? (
        <>
          <Button asChild className="mt-8">
            <Link href="/browse" data-testid="product-not-found-browse">
              {t("browse")}
            </Link>
          </Button>
          <GoneProductRedirect message={t("title")} />
        </>
      ) : (
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <Link href="/">{t("home")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/browse">{t("browse")}</Link>
          </Button>
        </div>
      )}
    </div>
  );
}

function fromOurOtherPage(): boolean {
  try {
    const referrer = new URL(document.referrer);
    return referrer.origin === window.location.origin && referrer.pathname !== window.location.pathname;
  } catch {
    return false;
  }
}

/**
 * A product that is gone, reached from inside the app (a link to it), does what docs/catalog.md
 * says: toast "Product not found" and go to /browse. A page opened directly (shared link,
 * reload, typed address) stays, so visitors and crawlers see the 404 page.
 *
 * "From inside the app" is a client-side navigation, or a full page load that Next fell
 * back to (a cached page's 404 answers Next's navigation request with a 404 status,
 * after which Next loads the page in full) whose referrer is another page of ours.
 */
function GoneProductRedirect({ message }: { message: string }) {
  const router = useRouter();
  React.useEffect(() => {
    const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const loadedHere = !entry || entry.name === window.location.href;
    if (loadedHere && !(entry?.type === "navigate" && fromOurOtherPage())) return;
    toast.error(message, { id: "not-found-redirect" });
    router.replace("/browse");
  }, [message, router]);
  return null;
}

import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { formats } from "@/lib/platform/i18n/formats";
import { getMessages, getTranslations, setRequestLocale } from "next-intl/server";
import { Footer } from "@/components/layout/footer";
import { Header } from "@/components/layout/header";
import { TabBar } from "@/components/layout/tab-bar";
import { THEME_COLOR } from "@/components/pwa/brand";
import { InstallPrompt } from "@/components/pwa/install-prompt";
import { ServiceWorkerRegister } from "@/components/pwa/service-worker-register";
import { Providers } from "@/components/providers";
import { clientMessages } from "@/lib/platform/i18n/client-messages";
import { isLocale, TIME_ZONE } from "@/lib/platform/i18n/config";
import "../globals.css";

type Params = Promise<{ locale: string }>;

// Every page renders per request, with the request's fresh CSP nonce on its scripts
// (proxy.ts; docs/architecture.md, "Security headers"): a prerendered page would carry one
// nonce for everyone. What the public pages show is cached as data, by tag
// (lib/domains/catalog/page-cache.ts).
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "nl", namespace: "metadata" });
  return {
    title: { default: t("title"), template: "%s · Kringwaar" },
    description: t("description"),
    applicationName: "Kringwaar",
    manifest: "/manifest.webmanifest",
    icons: {
      icon: [
        { url: "/favicon.ico", sizes: "48x48" },
        { url: "/icons/icon-192.png", type: "image/png", sizes: "192x192" },
      ],
      apple: [{ url: "/icons/apple-touch-icon.png", sizes: "180x180" }],
    },
    appleWebApp: { capable: true, title: "Kringwaar", statusBarStyle: "default" },
    formatDetection: { telephone: false },
  };
}

export const viewport: Viewport = {
  themeColor: THEME_COLOR,
  width: "device-width",
  initialScale: 1,
  colorScheme: "light",
};

export default async function LocaleLayout({ children, params }: { children: React.ReactNode; params: Params }) {
  const { locale } = await params;
  // Only proxy.ts's rewrite reaches here with a language; /xx/... typed by hand is a 404.
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations("common");
  const messages = clientMessages(await getMessages());
  return (
    <html lang={locale}>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {t("skipToContent")}
        </a>
        <NextIntlClientProvider locale={locale} timeZone={TIME_ZONE} formats={formats} messages={messages}>
          <Providers>
            <Header />
            <main id="main" tabIndex={-1} className="flex-1 outline-none">
              {children}
            </main>
            <Footer />
            <TabBar />
            <InstallPrompt />
          </Providers>
        </NextIntlClientProvider>
        <ServiceWorkerRegister />
      </body>
    </html>
  );
}

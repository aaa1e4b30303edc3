import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { WifiOffIcon } from "lucide-react";
import { RetryButton } from "./retry-button";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("offline");
  return { title: t("title"), robots: { index: false } };
}

/**
 * The page the service worker shows when a navigation fails without a network. It is
 * cached when the worker installs, so it must not depend on data.
 */
export default async function OfflinePage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  const t = await getTranslations("offline");
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <WifiOffIcon aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("text")}</p>
      <RetryButton label={t("retry")} />
    </div>
  );
}

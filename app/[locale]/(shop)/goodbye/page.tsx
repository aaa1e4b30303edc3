import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CircleCheckIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("goodbye");
  return { title: t("title"), robots: { index: false } };
}

/**
 * /goodbye: where a deleted account lands, signed out. The same for
 * everyone, so cached per language like the other public pages.
 */
export default async function GoodbyePage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  const t = await getTranslations("goodbye");
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center sm:px-6">
      <section data-testid="account-deleted" aria-labelledby="goodbye-title">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <CircleCheckIcon aria-hidden="true" className="size-7" />
        </span>
        <h1 id="goodbye-title" className="mt-4 text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="mt-3 text-muted-foreground">{t("text")}</p>
        <p className="mt-2 text-sm text-muted-foreground">{t("kept")}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button asChild>
            <Link href="/browse">{t("browse")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/">{t("home")}</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ShieldCheckIcon } from "lucide-react";
import { HelpHeader, HelpSupport } from "@/components/help/help-support";
import { Button } from "@/components/ui/button";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";

const BUYING = ["find", "pay", "pickup", "done"] as const;
const SELLING = ["list", "sold", "handover", "payout"] as const;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("howItWorks");
  return { title: t("title"), description: t("metaDescription") };
}

/** /how-it-works: buying and selling with escrow and the pickup code. */
export default async function HowItWorksPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  const t = await getTranslations("howItWorks");
  const steps = (kind: "buying" | "selling", keys: readonly string[]) => (
    <section aria-labelledby={`how-${kind}`} data-testid={`how-${kind}`}>
      <h2 id={`how-${kind}`} className="text-2xl font-semibold tracking-tight">
        {t(`${kind}Title`)}
      </h2>
      <ol className="mt-5 space-y-4">
        {keys.map((key, index) => (
          <li key={key} className="flex gap-4 rounded-xl border bg-card p-5">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold">{t(`${kind}.${key}.title`)}</h3>
              <p className="mt-1 text-muted-foreground">{t(`${kind}.${key}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8" data-testid="how-it-works-page">
      <HelpHeader title={t("title")} intro={t("intro")} />
      <div className="mt-10 space-y-12">
        {steps("buying", BUYING)}
        {steps("selling", SELLING)}
        <section aria-labelledby="how-escrow" className="rounded-xl border border-primary/30 bg-primary/5 p-6">
          <h2 id="how-escrow" className="flex items-center gap-2 text-xl font-semibold">
            <ShieldCheckIcon aria-hidden="true" className="size-5 text-primary" />
            {t("escrowTitle")}
          </h2>
          <p className="mt-2 leading-relaxed text-foreground/85">{t("escrowText")}</p>
        </section>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link href="/browse">{t("ctaBrowse")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/sell">{t("ctaSell")}</Link>
          </Button>
        </div>
      </div>
      <HelpSupport />
    </article>
  );
}

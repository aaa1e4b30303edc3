import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChevronDownIcon } from "lucide-react";
import { FAQ, FAQ_CATEGORIES } from "@/components/help/faq-content";
import { HelpHeader, HelpSupport } from "@/components/help/help-support";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("faq");
  return { title: t("title"), description: t("metaDescription") };
}

/** /faq: the five categories of docs/help-and-trader.md, each question a native disclosure (works without JS). */
export default async function FaqPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  const t = await getTranslations("faq");
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8" data-testid="faq-page">
      <HelpHeader title={t("title")} intro={t("intro")} />
      <nav aria-label={t("nav")} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {FAQ_CATEGORIES.map((category) => (
            <li key={category}>
              <a
                href={`#${category}`}
                className="inline-flex rounded-full border bg-card px-3 py-1.5 text-sm font-medium transition-colors hover:border-primary hover:text-primary"
              >
                {t(`categories.${category}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-10 space-y-12">
        {FAQ_CATEGORIES.map((category) => (
          <section key={category} id={category} aria-labelledby={`faq-${category}`} className="scroll-mt-24" data-testid="faq-category">
            <h2 id={`faq-${category}`} className="text-2xl font-semibold tracking-tight">
              {t(`categories.${category}.title`)}
            </h2>
            <div className="mt-4 divide-y rounded-xl border bg-card">
              {FAQ[category].map((item) => (
                <details key={item} className="group px-5 py-4" data-testid={`faq-${category}-${item}`}>
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium [&::-webkit-details-marker]:hidden">
                    {t(`categories.${category}.items.${item}.q`)}
                    <ChevronDownIcon aria-hidden="true" className="size-4 shrink-0 transition-transform group-open:rotate-180" />
                  </summary>
                  <p className="mt-3 leading-relaxed text-foreground/85">{t(`categories.${category}.items.${item}.a`)}</p>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
      <HelpSupport />
    </article>
  );
}

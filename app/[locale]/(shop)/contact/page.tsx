import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LifeBuoyIcon, MailIcon, PhoneIcon } from "lucide-react";
import { HelpHeader } from "@/components/help/help-support";
import { SUPPORT_EMAIL, SUPPORT_PHONE } from "@/components/layout/footer";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";

const SUPPORT_PHONE_DISPLAY = "020 123 4567";
const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("contact");
  return { title: t("title"), description: t("metaDescription") };
}

/** /contact: mail, phone and the support page. */
export default async function ContactPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  const t = await getTranslations("contact");
  const cards = [
    { key: "email", icon: MailIcon, href: `mailto:${SUPPORT_EMAIL}`, label: SUPPORT_EMAIL, testId: "contact-mailto" },
    { key: "phone", icon: PhoneIcon, href: `tel:${SUPPORT_PHONE}`, label: SUPPORT_PHONE_DISPLAY, testId: "contact-tel" },
  ] as const;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8" data-testid="contact-page">
      <HelpHeader title={t("title")} intro={t("intro")} />
      <div className="mt-10 grid gap-4 sm:grid-cols-3">
        {cards.map(({ key, icon: Icon, href, label, testId }) => (
          <section key={key} className="rounded-xl border bg-card p-5" aria-labelledby={`contact-${key}`}>
            <Icon aria-hidden="true" className="size-5 text-primary" />
            <h2 id={`contact-${key}`} className="mt-3 font-semibold">
              {t(`${key}Title`)}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t(`${key}Text`)}</p>
            <a href={href} className={`mt-3 inline-block break-all text-sm ${linkClass}`} data-testid={testId}>
              {label}
            </a>
          </section>
        ))}
        <section className="rounded-xl border bg-card p-5" aria-labelledby="contact-support">
          <LifeBuoyIcon aria-hidden="true" className="size-5 text-primary" />
          <h2 id="contact-support" className="mt-3 font-semibold">
            {t("supportTitle")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("supportText")}</p>
          <Link href="/support" className={`mt-3 inline-block text-sm ${linkClass}`} data-testid="contact-support-link">
            {t("supportLink")}
          </Link>
        </section>
      </div>
      <p className="mt-10 text-muted-foreground">
        {t.rich("faqText", {
          faq: (chunks) => (
            <Link href="/faq" className={linkClass}>
              {chunks}
            </Link>
          ),
        })}
      </p>
    </article>
  );
}

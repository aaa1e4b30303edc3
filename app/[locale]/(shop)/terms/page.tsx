import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LegalDocument } from "@/components/legal/legal-document";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";

const SECTIONS = ["about", "account", "selling", "business", "buying", "offers", "refunds", "disputes", "conduct", "liability"] as const;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("legal.terms");
  return { title: t("title") };
}

export default async function TermsPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  return <LegalDocument doc="terms" sections={SECTIONS} />;
}

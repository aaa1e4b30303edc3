import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LegalDocument } from "@/components/legal/legal-document";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";

const SECTIONS = ["who", "data", "purposes", "cookies", "sharing", "processors", "retention", "rights", "deletion"] as const;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("legal.privacy");
  return { title: t("title") };
}

export default async function PrivacyPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  return <LegalDocument doc="privacy" sections={SECTIONS} />;
}

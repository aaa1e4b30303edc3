import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LegalDocument } from "@/components/legal/legal-document";

const SECTIONS = ["who", "data", "purposes", "cookies", "sharing", "processors", "retention", "rights", "deletion"] as const;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("legal.privacy");
  return { title: t("title") };
}

export default function PrivacyPage() {
  return <LegalDocument doc="privacy" sections={SECTIONS} />;
}

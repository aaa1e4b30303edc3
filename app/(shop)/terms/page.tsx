import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LegalDocument } from "@/components/legal/legal-document";

const SECTIONS = ["about", "account", "selling", "business", "buying", "offers", "refunds", "disputes", "conduct", "liability"] as const;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("legal.terms");
  return { title: t("title") };
}

export default function TermsPage() {
  return <LegalDocument doc="terms" sections={SECTIONS} />;
}

import type { Metadata } from "next";
import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import { SupportDesk } from "@/components/support/support-desk";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("support");
  return { title: t("title"), robots: { index: false } };
}

/** /support: tickets, the new-ticket form and a ticket's detail; login only (the layout). */
export default async function SupportPage() {
  const t = await getTranslations("support");
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 text-muted-foreground">{t("subtitle")}</p>
      <Suspense>
        <SupportDesk />
      </Suspense>
    </div>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DisputesQueue } from "@/components/admin/disputes-queue";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.disputes");
  return { title: t("title") };
}

/** /admin/disputes (admins only: the layout). */
export default async function AdminDisputesQueuePage() {
  const t = await getTranslations("admin.disputes");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <DisputesQueue />
    </div>
  );
}

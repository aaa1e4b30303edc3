import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ReportsQueue } from "@/components/admin/reports-queue";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.reports");
  return { title: t("title") };
}

/** /admin/reports (admins only: the layout). */
export default async function AdminReportsQueuePage() {
  const t = await getTranslations("admin.reports");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <ReportsQueue />
    </div>
  );
}

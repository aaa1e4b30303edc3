import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AppealsQueue } from "@/components/admin/appeals-queue";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.appeals");
  return { title: t("title") };
}

/** /admin/appeals (admins only: the layout): internal complaints, decided by a person. */
export default async function AdminAppealsPage() {
  const t = await getTranslations("admin.appeals");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <AppealsQueue />
    </div>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TicketsAdmin } from "@/components/admin/tickets-admin";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.tickets");
  return { title: t("title") };
}

/** /admin/tickets (admins only: the layout). */
export default async function AdminTicketsAdminPage() {
  const t = await getTranslations("admin.tickets");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <TicketsAdmin />
    </div>
  );
}

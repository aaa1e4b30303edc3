import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UsersTable } from "@/components/admin/users-table";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.users");
  return { title: t("title") };
}

/** /admin/users (admins only: the layout). */
export default async function AdminUsersTablePage() {
  const t = await getTranslations("admin.users");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <UsersTable />
    </div>
  );
}

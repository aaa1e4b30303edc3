import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProductsTable } from "@/components/admin/products-table";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.products");
  return { title: t("title") };
}

/** /admin/products (admins only: the layout). */
export default async function AdminProductsTablePage() {
  const t = await getTranslations("admin.products");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <ProductsTable />
    </div>
  );
}

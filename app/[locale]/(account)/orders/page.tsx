import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { OrdersList } from "@/components/orders/orders-list";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orders");
  return { title: t("title"), robots: { index: false } };
}

/** /orders (SPEC section 2): the buyer's orders with their actions (section 4); login only (the layout). */
export default async function OrdersPage() {
  const t = await getTranslations("orders");
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 text-muted-foreground">{t("subtitle")}</p>
      <OrdersList />
    </div>
  );
}

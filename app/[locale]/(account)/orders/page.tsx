import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { OrdersFilters } from "@/components/orders/orders-filters";
import { OrdersList } from "@/components/orders/orders-list";
import { isOrderFilter } from "@/lib/domains/orders";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orders");
  return { title: t("title"), robots: { index: false } };
}

/**
 * /orders?status=active|completed|cancelled: the buyer's orders with
 * their actions (section 4), filtered; without a filter every order but the payment
 * attempts that were never paid. Login only (the layout).
 */
export default async function OrdersPage({ searchParams }: { searchParams: Promise<{ status?: string | string[] }> }) {
  const [t, { status }] = await Promise.all([getTranslations("orders"), searchParams]);
  const filter = isOrderFilter(status) ? status : "all";
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 text-muted-foreground">{t("subtitle")}</p>
      <OrdersFilters current={filter} />
      <OrdersList key={filter} filter={filter} />
    </div>
  );
}

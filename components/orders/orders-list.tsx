"use client";

/**
 * /orders: the buyer's orders, newest first, loaded
 * in the browser from GET /api/transactions. Loading, error ("Failed to load orders")
 * and empty states; each order is an OrderCard with its own actions.
 */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { PackageIcon } from "lucide-react";
import type { OrderFilter } from "@/lib/domains/orders/client";
import { Button } from "@/components/ui/button";
import { OrderCard } from "./order-card";
import { OrderListMore, OrderListPending } from "./order-list-parts";
import { useOrderList } from "./use-order-list";

/** `filter`: the page's choice (./orders-filters.tsx); "all" leaves out unpaid attempts. */
export function OrdersList({ filter }: { filter: OrderFilter }) {
  const t = useTranslations("orders");
  const list = useOrderList("buyer", filter);

  if (list.status !== "ready") return <OrderListPending list={list} messages="orders" size="page" />;

  if (list.orders.length === 0) {
    return (
      <section
        aria-labelledby="orders-empty-title"
        data-testid="orders-empty"
        className="mt-8 flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-16 text-center"
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <PackageIcon aria-hidden="true" className="size-7" />
        </span>
        <h2 id="orders-empty-title" className="mt-4 text-lg font-semibold">
          {filter === "all" ? t("emptyTitle") : t("filters.emptyTitle")}
        </h2>
        <p className="mt-1 max-w-sm text-sm text-muted-foreground">{filter === "all" ? t("emptyText") : t("filters.emptyText")}</p>
        <Button asChild className="mt-6">
          <Link href="/browse">{t("browseProducts")}</Link>
        </Button>
      </section>
    );
  }

  return (
    <div className="mt-8 space-y-5">
      <p className="text-sm text-muted-foreground" data-testid="orders-count">
        {t("count", { count: list.total })}
      </p>
      <ul className="space-y-5" aria-label={t("listLabel")} data-testid="orders-list">
        {list.orders.map((order) => (
          <OrderCard key={order.id} order={order} onChange={list.replace} onStale={list.refresh} />
        ))}
      </ul>
      <OrderListMore list={list} messages="orders" />
    </div>
  );
}

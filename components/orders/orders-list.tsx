"use client";

/**
 * /orders (SPEC.md section 2 "Orders page"): the buyer's orders, newest first, loaded
 * in the browser from GET /api/transactions. Loading, error ("Failed to load orders")
 * and empty states; each order is an OrderCard with its own actions.
 */
import Link from "next/link";
import { useTranslations } from "next-intl";
import * as React from "react";
import { toast } from "sonner";
import { CircleAlertIcon, PackageIcon, RefreshCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { OrderCard } from "./order-card";
import { useOrderList } from "./use-order-list";

export function OrdersList() {
  const t = useTranslations("orders");
  const list = useOrderList("buyer");

  React.useEffect(() => {
    if (list.status === "error") toast.error(t("loadFailed"));
  }, [list.status, t]);

  if (list.status === "loading") {
    return (
      <div className="mt-8 flex justify-center py-16" data-testid="orders-loading" aria-busy="true">
        <Spinner label={t("loading")} className="size-8" />
      </div>
    );
  }

  if (list.status === "error") {
    return (
      <section
        data-testid="orders-error"
        className="mt-8 flex flex-col items-center rounded-2xl border border-destructive/30 bg-card px-6 py-14 text-center"
      >
        <CircleAlertIcon aria-hidden="true" className="size-8 text-destructive" />
        <p className="mt-3 font-semibold">{t("loadFailed")}</p>
        <Button variant="outline" className="mt-5" onClick={list.retry} data-testid="orders-retry">
          <RefreshCwIcon aria-hidden="true" />
          {t("retry")}
        </Button>
      </section>
    );
  }

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
          {t("emptyTitle")}
        </h2>
        <p className="mt-1 max-w-sm text-sm text-muted-foreground">{t("emptyText")}</p>
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
      {list.hasMore ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            disabled={list.loadingMore}
            data-testid="orders-more"
            onClick={async () => {
              if (!(await list.loadMore())) toast.error(t("loadFailed"));
            }}
          >
            {list.loadingMore ? <Spinner className="text-current" /> : null}
            {t("loadMore")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

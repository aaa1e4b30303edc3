"use client";

/**
 * What the buyer's orders (orders-list.tsx) and the seller's sales
 * (components/dashboard/sales.tsx) show around their cards while the list is not ready
 * (loading, or failed with a retry) and below it (load more). Texts come from the
 * list's namespace, which is also the start of the test ids: `orders-loading`,
 * `sales-retry`, …
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { CircleAlertIcon, RefreshCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/platform/utils";
import type { OrderList } from "./use-order-list";

export type OrderListMessages = "orders" | "sales";

/** A list that fills the page (the orders page) or a section of one (the dashboard's sales tab). */
type OrderListSize = "page" | "section";

const PENDING_STYLE: Record<
  OrderListSize,
  { loading: string; spinner: string; error: string; icon: string; text: string; retry: string }
> = {
  page: {
    loading: "mt-8 flex justify-center py-16",
    spinner: "size-8",
    error: "mt-8 flex flex-col items-center rounded-2xl border border-destructive/30 bg-card px-6 py-14 text-center",
    icon: "size-8",
    text: "font-semibold",
    retry: "mt-5",
  },
  section: {
    loading: "flex justify-center py-10",
    spinner: "size-6",
    error: "flex flex-col items-center rounded-xl border border-destructive/30 px-6 py-10 text-center",
    icon: "size-7",
    text: "font-medium",
    retry: "mt-4",
  },
};

/**
 * While the first page loads: a spinner. When it failed: the error, also toasted, and a
 * button to try again. Nothing once the list is ready.
 */
export function OrderListPending({
  list,
  messages,
  size,
}: {
  list: Pick<OrderList, "status" | "retry">;
  messages: OrderListMessages;
  size: OrderListSize;
}) {
  const t = useTranslations(messages);
  const style = PENDING_STYLE[size];

  React.useEffect(() => {
    if (list.status === "error") toast.error(t("loadFailed"));
  }, [list.status, t]);

  if (list.status === "loading") {
    return (
      <div className={style.loading} data-testid={`${messages}-loading`} aria-busy="true">
        <Spinner label={t("loading")} className={style.spinner} />
      </div>
    );
  }

  if (list.status === "error") {
    // On a page of its own the error is a section of that page.
    const Container = size === "page" ? "section" : "div";
    return (
      <Container data-testid={`${messages}-error`} className={style.error}>
        <CircleAlertIcon aria-hidden="true" className={cn(style.icon, "text-destructive")} />
        <p className={cn("mt-3", style.text)}>{t("loadFailed")}</p>
        <Button variant="outline" className={style.retry} onClick={list.retry} data-testid={`${messages}-retry`}>
          <RefreshCwIcon aria-hidden="true" />
          {t("retry")}
        </Button>
      </Container>
    );
  }

  return null;
}

/** "Load more" under a ready list that has more; a failure is toasted. */
export function OrderListMore({
  list,
  messages,
}: {
  list: Pick<OrderList, "status" | "hasMore" | "loadingMore" | "loadMore">;
  messages: OrderListMessages;
}) {
  const t = useTranslations(messages);
  if (list.status !== "ready" || !list.hasMore) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="outline"
        disabled={list.loadingMore}
        data-testid={`${messages}-more`}
        onClick={async () => {
          if (!(await list.loadMore())) toast.error(t("loadFailed"));
        }}
      >
        {list.loadingMore ? <Spinner className="text-current" /> : null}
        {t("loadMore")}
      </Button>
    </div>
  );
}

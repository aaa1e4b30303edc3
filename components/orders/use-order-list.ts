"use client";

/**
 * A paged list of the caller's orders (buyer) or sales (seller), loaded in the browser.
 * Nothing is polled: the list changes only when it is (re)loaded or an action answers
 * the updated order.
 */
import * as React from "react";
import type { OrderFilter } from "@/lib/domains/orders/client";
import { fetchOrders, type OrderJson, type OrderRole } from "./order-api";

type ListState = { status: "loading" | "ready" | "error"; orders: OrderJson[]; total: number };

/** `status`: only the orders of that filter (lib/domains/orders/filters.ts); absent, every one. */
export function useOrderList(role: OrderRole, status?: OrderFilter) {
  const [state, setState] = React.useState<ListState>({ status: "loading", orders: [], total: 0 });
  const [loadingMore, setLoadingMore] = React.useState(false);

  const loadFirstPage = React.useCallback(
    (signal?: AbortSignal) =>
      fetchOrders(role, 0, signal, status).then(
        (page) => setState({ status: "ready", orders: page.orders, total: page.total }),
        (error: unknown) => {
          if (signal?.aborted) return;
          console.warn(`Loading the ${role === "buyer" ? "orders" : "sales"} failed`, error);
          // A failed refresh keeps what is on screen; only a first load shows the error.
          setState((current) => (current.status === "ready" ? current : { ...current, status: "error" }));
        },
      ),
    [role, status],
  );

  React.useEffect(() => {
    const controller = new AbortController();
    void loadFirstPage(controller.signal);
    return () => controller.abort();
  }, [loadFirstPage]);

  /** After a load error: show the spinner again and retry. */
  const retry = React.useCallback(() => {
    setState((current) => ({ ...current, status: "loading" }));
    void loadFirstPage();
  }, [loadFirstPage]);

  /** Quietly brings the list up to date (after an order changed elsewhere: a 409). */
  const refresh = React.useCallback(() => void loadFirstPage(), [loadFirstPage]);

  const loadMore = React.useCallback(async (): Promise<boolean> => {
    setLoadingMore(true);
    try {
      const page = await fetchOrders(role, state.orders.length, undefined, status);
      setState((current) => {
        const seen = new Set(current.orders.map((order) => order.id));
        return {
          status: "ready",
          orders: [...current.orders, ...page.orders.filter((order) => !seen.has(order.id))],
          total: page.total,
        };
      });
      return true;
    } catch (error) {
      console.warn("Loading more orders failed", error);
      return false;
    } finally {
      setLoadingMore(false);
    }
  }, [role, status, state.orders.length]);

  /** Puts the order an action answered in place of the old one. */
  const replace = React.useCallback((order: OrderJson) => {
    setState((current) => ({
      ...current,
      orders: current.orders.map((item) => (item.id === order.id ? order : item)),
    }));
  }, []);

  return {
    status: state.status,
    orders: state.orders,
    total: state.total,
    hasMore: state.orders.length < state.total,
    loadingMore,
    retry,
    refresh,
    loadMore,
    replace,
  };
}

/** The state and the actions useOrderList answers. */
export type OrderList = ReturnType<typeof useOrderList>;

/**
 * The orders list's filters, shared by GET /api/transactions?status=
 * and the orders page. Every cancelled or failed payment attempt is a cancelled order
 * (status `cancelled` is only ever reached from `pending`, unpaid), so a buyer who tried
 * three times has three of them per item. The page's default, `all`, leaves those out;
 * `cancelled` shows them with the refunded orders. Without a filter the API answers
 * every order, as it always has (the apps rely on it).
 */
import type { OrderStatus } from "@/lib/platform/db/generated/enums";

export const ORDER_FILTERS = ["all", "active", "completed", "cancelled"] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export function isOrderFilter(value: unknown): value is OrderFilter {
  return typeof value === "string" && (ORDER_FILTERS as readonly string[]).includes(value);
}

/** The order statuses a filter shows. */
export const STATUSES_OF: Record<OrderFilter, readonly OrderStatus[]> = {
  all: ["pending", "held", "completed", "refunded"],
  active: ["pending", "held"],
  completed: ["completed"],
  cancelled: ["cancelled", "refunded"],
};

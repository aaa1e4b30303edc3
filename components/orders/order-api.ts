/**
 * The browser side of the orders API (docs/payments.md "Orders"): list a page of the
 * caller's orders or sales, and take an action on one. Every action answers the updated
 * order, which replaces the card; a failure is the client's ApiError (components/lib/
 * api-client.ts), so the UI can translate known codes and show the detail otherwise.
 */
import type { OrderFilter, OrderJson } from "@/lib/domains/orders/client";
import { ApiError, apiResponse, apiResult } from "@/components/lib/api-client";

export type { OrderJson };

export type OrderRole = "buyer" | "seller";

export type OrderActionPath =
  | "confirm-delivery"
  | "cancel"
  | "handover"
  | "seller-cancel"
  // Returns, partial refunds and withdrawal (docs/returns.md).
  | "withdraw"
  | "partial-refund"
  | "partial-refund/accept"
  | "partial-refund/refuse"
  | "return/accept-request"
  | "return/accept"
  | "return/problem";

/** Why a request failed; `status` 0 means it never reached the server. */
export type OrderFailure = ApiError;

export type OrderActionResult = { ok: true; order: OrderJson } | { ok: false; failure: OrderFailure };

export const ORDERS_PAGE_SIZE = 20;

/** "3f2a9c1e-…" → "3f2a9c1e": the short order id (first 8 characters, as they are). */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

/** GET /api/transactions?role=…&status=…: one page, newest first, with the total from X-Total-Count. */
export async function fetchOrders(
  role: OrderRole,
  skip: number,
  signal?: AbortSignal,
  status?: OrderFilter,
): Promise<{ orders: OrderJson[]; total: number }> {
  const query = new URLSearchParams({ role, limit: String(ORDERS_PAGE_SIZE), skip: String(skip), ...(status ? { status } : {}) });
  const { data: orders, headers } = await apiResponse<OrderJson[]>(`/api/transactions?${query}`, { cache: "no-store", signal });
  if (!Array.isArray(orders)) throw new ApiError(200);
  const header = Number(headers.get("X-Total-Count"));
  return { orders, total: Number.isFinite(header) && header >= orders.length + skip ? header : skip + orders.length };
}

/** POST /api/transactions/{id}/{action}; never throws. */
export async function postOrderAction(id: string, action: OrderActionPath, body?: unknown): Promise<OrderActionResult> {
  const result = await apiResult<OrderJson>(`/api/transactions/${encodeURIComponent(id)}/${action}`, { method: "POST", json: body });
  return result.ok ? { ok: true, order: result.data } : { ok: false, failure: result.error };
}

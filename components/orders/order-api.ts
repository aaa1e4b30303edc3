/**
 * The browser side of the orders API (docs/payments.md "Orders"): list a page of the
 * caller's orders or sales, and take an action on one. Every action answers the updated
 * order, which replaces the card; a failure keeps the server's `{detail, code}` so the
 * UI can translate known codes and show the detail otherwise.
 */
import type { OrderJson } from "@/lib/domains/orders/client";

export type { OrderJson };

export type OrderRole = "buyer" | "seller";

export type OrderActionPath = "confirm-delivery" | "cancel" | "handover" | "seller-cancel";

/** Why a request failed; `status` 0 means it never reached the server. */
export type OrderFailure = { status: number; code?: string; detail?: string };

export type OrderActionResult = { ok: true; order: OrderJson } | { ok: false; failure: OrderFailure };

export const ORDERS_PAGE_SIZE = 20;

export class OrdersLoadError extends Error {
  constructor(readonly failure: OrderFailure) {
    super(failure.detail ?? `HTTP ${failure.status}`);
    this.name = "OrdersLoadError";
  }
}

/** "3f2a9c1e-…" → "3f2a9c1e": the SPEC's short order id (first 8 characters, as they are). */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

async function failureOf(response: Response): Promise<OrderFailure> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // No JSON body (a proxy error page, for example): the status says enough.
  }
  const data = body && typeof body === "object" ? (body as { detail?: unknown; code?: unknown }) : {};
  return {
    status: response.status,
    code: typeof data.code === "string" ? data.code : undefined,
    detail: typeof data.detail === "string" && data.detail.trim() ? data.detail : undefined,
  };
}

/** GET /api/transactions?role=…: one page, newest first, with the total from X-Total-Count. */
export async function fetchOrders(
  role: OrderRole,
  skip: number,
  signal?: AbortSignal,
): Promise<{ orders: OrderJson[]; total: number }> {
  const query = new URLSearchParams({ role, limit: String(ORDERS_PAGE_SIZE), skip: String(skip) });
  const response = await fetch(`/api/transactions?${query}`, {
    headers: { Accept: "application/json" },
    cache: "no-store",
    signal,
  });
  if (!response.ok) throw new OrdersLoadError(await failureOf(response));
  const orders = (await response.json()) as OrderJson[];
  if (!Array.isArray(orders)) throw new OrdersLoadError({ status: response.status });
  const header = Number(response.headers.get("X-Total-Count"));
  return { orders, total: Number.isFinite(header) && header >= orders.length + skip ? header : skip + orders.length };
}

/** POST /api/transactions/{id}/{action}; never throws. */
export async function postOrderAction(id: string, action: OrderActionPath, body?: unknown): Promise<OrderActionResult> {
  try {
    const response = await fetch(`/api/transactions/${encodeURIComponent(id)}/${action}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) return { ok: false, failure: await failureOf(response) };
    return { ok: true, order: (await response.json()) as OrderJson };
  } catch {
    return { ok: false, failure: { status: 0 } };
  }
}

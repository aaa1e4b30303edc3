"use client";

/**
 * The cart, back in view: a purchase in another tab, another buyer or
 * the seller may have taken items out of it meanwhile. When the page becomes visible or
 * the window gets the focus again, the cart is read anew; for every item that left it,
 * the product (and, when sold, the buyer's own orders) tell why.
 */
import * as React from "react";
import type { Cart, CartItem } from "@/components/payments/checkout-client";
import { apiResult } from "@/components/lib/api-client";

/** Why an item left the cart: the key under `cart.changes`. */
export type CartChangeReason = "bought" | "sold" | "reserved" | "removed" | "elsewhere";
export type CartChange = { productId: string; title: string; reason: CartChangeReason };

async function reasonOf(item: CartItem, bought: () => Promise<Set<string>>): Promise<CartChangeReason> {
  const product = await apiResult<{ status?: string; is_sold?: boolean; deleted?: boolean }>(
    `/api/products/${encodeURIComponent(item.product_id)}`,
  );
  if (!product.ok) return product.error.status === 404 ? "removed" : "elsewhere";
  if (product.data.is_sold || product.data.status === "sold") return (await bought()).has(item.product_id) ? "bought" : "sold";
  if (product.data.status === "reserved") return (await bought()).has(item.product_id) ? "bought" : "reserved";
  return "elsewhere";
}

/** The product ids of the buyer's own paid orders (the newest 50). */
async function boughtIds(): Promise<Set<string>> {
  const orders = await apiResult<{ product_id: string }[]>("/api/transactions?status=all&limit=50");
  return new Set(orders.ok && Array.isArray(orders.data) ? orders.data.map((order) => order.product_id) : []);
}

/** What left the cart between `before` and `after`, with the reason for each. */
export async function cartChanges(before: Cart, after: Cart): Promise<CartChange[]> {
  const still = new Set(after.items.map((item) => item.product_id));
  const gone = before.items.filter((item) => !still.has(item.product_id));
  if (gone.length === 0) return [];
  let bought: Promise<Set<string>> | null = null;
  const lazyBought = () => (bought ??= boughtIds());
  return Promise.all(
    gone.map(async (item) => ({
      productId: item.product_id,
      title: item.product.title,
      reason: await reasonOf(item, lazyBought),
    })),
  );
}

/** Calls `onReturn` when the page comes back into view (visible again, or the window focused). */
export function useOnReturn(onReturn: () => void): void {
  const latest = React.useRef(onReturn);
  React.useEffect(() => {
    latest.current = onReturn;
  });
  React.useEffect(() => {
    let last = 0;
    const fire = () => {
      if (document.visibilityState !== "visible") return;
      // visibilitychange and focus come together when a tab is picked: one reload.
      const now = Date.now();
      if (now - last < 1_000) return;
      last = now;
      latest.current();
    };
    document.addEventListener("visibilitychange", fire);
    window.addEventListener("focus", fire);
    return () => {
      document.removeEventListener("visibilitychange", fire);
      window.removeEventListener("focus", fire);
    };
  }, []);
}

"use client";

import { usePathname } from "next/navigation";
import { usePolled } from "@/components/lib/use-polled";
import { CART_CHANGED_EVENT } from "./cart-events";

export { announceCartChanged, CART_CHANGED_EVENT } from "./cart-events";

const readItems = (data: unknown): number | undefined => {
  const items = (data as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? items.length : undefined;
};

/**
 * How many items the signed-in user's cart holds (null until known or for visitors): read
 * on every page, when this tab changes the cart, and when the tab comes back (another tab
 * may have bought or removed something meanwhile).
 */
export function useCartCount(enabled: boolean): number | null {
  const pathname = usePathname();
  const { value } = usePolled({ path: "/api/cart", read: readItems, enabled, windowEvent: CART_CHANGED_EVENT, onVisible: true, refreshKey: pathname });
  return enabled ? (value ?? null) : null;
}

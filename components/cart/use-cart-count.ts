"use client";

import { useEffect, useState } from "react";
import { usePathname } from "next/navigation";

/** Fired on window when this tab changes the cart (added, removed, checked out). */
export const CART_CHANGED_EVENT = "kringwaar:cart-changed";

export function announceCartChanged(): void {
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

/** How many items the signed-in user's cart holds (null until known or for visitors). */
export function useCartCount(enabled: boolean): number | null {
  const [count, setCount] = useState<number | null>(null);
  const pathname = usePathname();
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    const load = async () => {
      try {
        const res = await fetch("/api/cart", { cache: "no-store" });
        if (!res.ok) return;
        const body = (await res.json()) as { items?: unknown[] };
        if (current && Array.isArray(body.items)) setCount(body.items.length);
      } catch {
        // The header keeps its last count.
      }
    };
    const first = setTimeout(() => void load(), 0);
    window.addEventListener(CART_CHANGED_EVENT, load);
    return () => {
      current = false;
      clearTimeout(first);
      window.removeEventListener(CART_CHANGED_EVENT, load);
    };
  }, [enabled, pathname]);
  return enabled ? count : null;
}

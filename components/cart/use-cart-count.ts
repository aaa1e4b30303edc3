"use client";

import { useEffect, useState } from "react";
import { usePathname } from "next/navigation";
import { CART_CHANGED_EVENT } from "./cart-events";

export { announceCartChanged, CART_CHANGED_EVENT } from "./cart-events";

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
    // Another tab may have bought or removed something meanwhile.
    const visible = () => {
      if (document.visibilityState === "visible") void load();
    };
    window.addEventListener(CART_CHANGED_EVENT, load);
    document.addEventListener("visibilitychange", visible);
    return () => {
      current = false;
      clearTimeout(first);
      window.removeEventListener(CART_CHANGED_EVENT, load);
      document.removeEventListener("visibilitychange", visible);
    };
  }, [enabled, pathname]);
  return enabled ? count : null;
}

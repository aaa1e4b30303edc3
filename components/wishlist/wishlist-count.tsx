"use client";

/**
 * How many people saved each of the seller's products (the dashboard's products tab),
 * loaded once for the list from GET /api/wishlist/saves.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { HeartIcon } from "lucide-react";
import { api } from "@/components/lib/api-client";

let counts: Promise<Record<string, number>> | null = null;

function loadCounts(): Promise<Record<string, number>> {
  counts ??= api<{ counts: Record<string, number> }>("/api/wishlist/saves")
    .then((data) => data.counts)
    .catch(() => ({}));
  // Fresh numbers on the next mount (another visit to the tab).
  const current = counts;
  setTimeout(() => {
    if (counts === current) counts = null;
  }, 5_000);
  return current;
}

export function WishlistCount({ productId }: { productId: string }) {
  const t = useTranslations("wishlist");
  const [count, setCount] = React.useState<number | null>(null);
  React.useEffect(() => {
    let live = true;
    void loadCounts().then((all) => live && setCount(all[productId] ?? 0));
    return () => {
      live = false;
    };
  }, [productId]);
  if (count === null) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground" data-testid="dashboard-product-saves" data-count={count}>
      <HeartIcon aria-hidden="true" className="size-3.5" />
      {t("savedBy", { count })}
    </span>
  );
}

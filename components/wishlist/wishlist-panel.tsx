"use client";

/** The dashboard's wishlist tab ("Favorieten"): the same list as /wishlist, then the saved searches. */
import * as React from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { HeartIcon } from "lucide-react";
import { toCardProduct } from "@/components/catalog/card-product";
import { EmptyState } from "@/components/catalog/empty-state";
import { ProductGrid } from "@/components/catalog/product-grid";
import { SavedSearchesList } from "@/components/saved-searches/saved-searches-list";
import { Button } from "@/components/ui/button";
import type { ProductJson } from "@/lib/domains/catalog/client";
import { api } from "@/components/lib/api-client";

export function WishlistPanel() {
  const t = useTranslations("wishlist");
  const [products, setProducts] = React.useState<ProductJson[] | null>(null);
  const [failed, setFailed] = React.useState(false);

  React.useEffect(() => {
    let live = true;
    api<{ products: ProductJson[] }>("/api/wishlist")
      .then((data) => live && setProducts(data.products))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="space-y-10" data-testid="wishlist-panel">
      <section aria-labelledby="wishlist-items-title" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="wishlist-items-title" className="text-lg font-semibold">
            {t("dashboardTitle")}
          </h3>
          <Link href="/wishlist" className="text-sm font-medium text-primary hover:underline">
            {t("viewAll")}
          </Link>
        </div>
        {failed ? (
          <p className="text-sm text-destructive">{t("loadFailed")}</p>
        ) : products === null ? (
          <div className="h-40 animate-pulse rounded-xl bg-muted" />
        ) : products.length > 0 ? (
          <ProductGrid products={products.map(toCardProduct)} testId="wishlist-items" />
        ) : (
          <EmptyState
            icon={HeartIcon}
            title={t("emptyTitle")}
            text={t("emptyText")}
            testId="wishlist-empty"
            action={
              <Button asChild variant="outline">
                <Link href="/browse">{t("browse")}</Link>
              </Button>
            }
          />
        )}
      </section>
      <SavedSearchesList />
    </div>
  );
}

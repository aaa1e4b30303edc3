import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { HeartIcon } from "lucide-react";
import { toCardProduct } from "@/components/catalog/card-product";
import { EmptyState } from "@/components/catalog/empty-state";
import { ProductGrid } from "@/components/catalog/product-grid";
import { SavedSearchesList } from "@/components/saved-searches/saved-searches-list";
import { Button } from "@/components/ui/button";
import { currentUser } from "@/lib/domains/accounts";
import { viewerOf } from "@/lib/domains/catalog";
import { listWishlist } from "@/lib/domains/wishlist";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("wishlist");
  return { title: t("title"), description: t("metaDescription"), robots: { index: false } };
}

/**
 * /wishlist (the "Favorieten" tab): saved items open /product/{id}, the empty state links
 * to /browse; below them the saved searches, the same list as Dashboard → Favorieten.
 * Login only (the layout).
 */
export default async function WishlistPage() {
  const [t, user] = await Promise.all([getTranslations("wishlist"), currentUser()]);
  const { products } = user ? await listWishlist(viewerOf(user)!) : { products: [] };
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8" data-testid="wishlist-page">
      <h1 className="text-3xl font-bold tracking-tight">{t("heading")}</h1>
      <p className="mt-2 text-muted-foreground">{t("subtitle")}</p>
      {/* The heading of the grid below (its cards' titles are h3). */}
      <h2 className="mt-1 mb-6 text-sm text-muted-foreground" data-testid="wishlist-count">
        {t("count", { count: products.length })}
      </h2>
      {products.length > 0 ? (
        <ProductGrid products={products.map(toCardProduct)} priorityCount={4} testId="wishlist-items" />
      ) : (
        <EmptyState
          icon={HeartIcon}
          title={t("emptyTitle")}
          text={t("emptyText")}
          testId="wishlist-empty"
          action={
            <Button asChild>
              <Link href="/browse">{t("browse")}</Link>
            </Button>
          }
        />
      )}
      <div className="mt-12 border-t pt-8">
        <SavedSearchesList headingLevel={2} />
      </div>
    </div>
  );
}

import { cache } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AwardIcon, BriefcaseBusinessIcon, CalendarIcon, PackageIcon } from "lucide-react";
import { NotForSeller } from "@/components/catalog/not-for-seller";
import { ReportButton } from "@/components/reports/report-button";
import { TraderDetails } from "@/components/accounts/trader-details";
import { toCardProduct } from "@/components/catalog/card-product";
import { EmptyState } from "@/components/catalog/empty-state";
import { Pagination } from "@/components/catalog/pagination";
import { ProductGrid } from "@/components/catalog/product-grid";
import { memberSinceYear, SellerAvatar } from "@/components/catalog/seller-card";
import { StarRating } from "@/components/catalog/star-rating";
import { SellerReviews } from "./seller-reviews";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { AppError } from "@/lib/platform/api/errors";
import { BROWSE_PAGE_SIZE, pageCount } from "@/lib/domains/catalog";
import { publicSellerProducts, publicSellerProfile } from "@/lib/domains/catalog";
import { pageMetadata } from "@/lib/platform/site";

/**
 * /seller/{id}, shared by its two routes: `page.tsx` (the first page of listings, cached
 * once per language) and `more/page.tsx` (`?page=2` and on, per request; proxy.ts sends
 * them there). It shows what anyone may see; the seller's own buttons are the browser's.
 */

/** The public profile, once per request; unknown or malformed ids are a 404. */
const loadSeller = cache(async (id: string) => {
  try {
    return await publicSellerProfile(id);
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") notFound();
    throw error;
  }
});

export function pageOf(raw: string | string[] | undefined): number {
  const page = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, 10_000) : 1;
}

export async function sellerMetadata(id: string, locale: string): Promise<Metadata> {
  const [seller, t] = await Promise.all([loadSeller(id), getTranslations("seller.meta")]);
  return pageMetadata({
    title: t("title", { name: seller.name }),
    description: t("description", { name: seller.name }),
    path: `/seller/${seller.id}`,
    locale,
    type: "profile",
  });
}

/** Who sells (name, member since, business badge, rating) and what is for sale. */
export async function SellerProfile({ id, page }: { id: string; page: number }) {
  const seller = await loadSeller(id);
  const t = await getTranslations("seller");
  const listings = await publicSellerProducts(seller.id, BROWSE_PAGE_SIZE, (page - 1) * BROWSE_PAGE_SIZE);
  const totalPages = pageCount(listings.total);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8" data-testid="seller-page" data-seller-id={seller.id}>
      <header className="flex flex-col gap-6 rounded-2xl border bg-card p-6 shadow-sm sm:flex-row sm:items-center sm:p-8">
        <SellerAvatar name={seller.name} size="lg" />
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <h1 className="text-3xl font-bold tracking-tight" data-testid="seller-name">
              {seller.name}
            </h1>
            {seller.business_name ? <p className="mt-1 text-muted-foreground">{seller.business_name}</p> : null}
          </div>
          <StarRating rating={seller.rating_average} count={seller.rating_count} size="md" />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
            {seller.is_business_seller ? (
              <Badge variant="secondary" data-testid="seller-business-badge">
                <BriefcaseBusinessIcon aria-hidden="true" />
                {t("business")}
              </Badge>
            ) : null}
            {seller.is_featured_seller ? (
              <Badge variant="warm" data-testid="seller-top-badge">
                <AwardIcon aria-hidden="true" />
                {t("topSeller")}
              </Badge>
            ) : null}
            <span className="flex items-center gap-1.5" data-testid="seller-member-since">
              <CalendarIcon aria-hidden="true" className="size-4" />
              {t("memberSince", { year: String(memberSinceYear(seller.created_at)) })}
            </span>
            <span className="flex items-center gap-1.5" data-testid="seller-product-count">
              <PackageIcon aria-hidden="true" className="size-4" />
              {t("productCount", { count: seller.product_count })}
            </span>
            <NotForSeller sellerId={seller.id}>
              <ReportButton targetType="user" targetId={seller.id} />
            </NotForSeller>
          </div>
        </div>
      </header>
      <TraderDetails trader={seller.trader} business={seller.is_business_seller} className="mt-6" />

      <section aria-labelledby="seller-listings-title" className="mt-10">
        <h2 id="seller-listings-title" className="mb-5 text-xl font-semibold tracking-tight">
          {t("listings")}
        </h2>
        {listings.products.length > 0 ? (
          <div className="space-y-8">
            <ProductGrid products={listings.products.map(toCardProduct)} priorityCount={4} testId="seller-listings" />
            <Pagination
              page={page}
              totalPages={totalPages}
              hrefFor={(target) => (target > 1 ? `/seller/${seller.id}?page=${target}` : `/seller/${seller.id}`)}
            />
          </div>
        ) : (
          <EmptyState
            title={listings.total > 0 ? t("pastEnd") : t("emptyTitle")}
            text={listings.total > 0 ? undefined : t("emptyText", { name: seller.name })}
            action={
              <Button asChild variant="outline">
                <Link href={listings.total > 0 ? `/seller/${seller.id}` : "/browse"}>
                  {listings.total > 0 ? t("firstPage") : t("browse")}
                </Link>
              </Button>
            }
          />
        )}
      </section>

      <SellerReviews sellerId={seller.id} />
    </div>
  );
}

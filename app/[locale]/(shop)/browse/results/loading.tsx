"use client";

// A client component: segment boundaries get no params, and /browse is cached, so its
// language comes from the page's provider, not from a cookie.
import { useTranslations } from "next-intl";
import { ProductGridSkeleton } from "@/components/catalog/product-grid-skeleton";

/**
 * While the server renders a filtered /browse (a per-request page): the page's frame with
 * placeholder cards. Not for the plain /browse: it is cached, and a Suspense boundary
 * around it would put its content in a hidden part of the HTML that React reveals only
 * later (docs/performance.md, "LCP").
 */
export default function BrowseLoading() {
  const t = useTranslations("browse");
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("subtitle")}</p>
      </header>
      <div aria-hidden="true" className="mt-6 h-[212px] animate-pulse rounded-2xl border bg-card shadow-sm" />
      <ProductGridSkeleton count={8} className="pt-[60px]" />
    </div>
  );
}

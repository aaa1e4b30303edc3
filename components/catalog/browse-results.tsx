"use client";

/**
 * The browse page's results area (BrowseControls places it): the count, "did you mean",
 * and the placeholders, the server-rendered parts, the map or the grid with paging.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { BROWSE_MAP_LIMIT, hasActiveFilters, pageCount, type BrowseState } from "@/lib/domains/catalog/client";
import type { BrowseParts, BrowseResults } from "./browse-types";
import { CardActions } from "./card-actions";
import { toMapProduct } from "./card-product";
import { Pagination } from "./pagination";

/** The map view's code (and Leaflet or Google) loads when the map view is chosen. */
const ProductsMap = React.lazy(() => import("@/components/maps/products-map").then((m) => ({ default: m.ProductsMap })));

/**
 * The cards of results fetched here: the first results' cards come rendered from the
 * server, so the grid's code (cards, badges, prices) loads only with the first fetch.
 */
export const loadProductGrid = () => import("./product-grid");
const ProductGrid = React.lazy(() => loadProductGrid().then((m) => ({ default: m.ProductGrid })));

type Props = {
  ref: React.Ref<HTMLDivElement>;
  /** The server's results, whose grid is `initialGrid`. */
  initial: BrowseResults;
  initialGrid: React.ReactNode;
  parts: BrowseParts;
  applied: BrowseState;
  /** The results to show; null while they load. */
  shown: BrowseResults | null;
  loading: boolean;
  onSuggestion: (search: string) => void;
  onPageChange: (page: number) => void;
  googleMapsKey?: string;
  googleMapId?: string;
};

export function BrowseResultsArea({
  ref,
  initial,
  initialGrid,
  parts,
  applied,
  shown,
  loading,
  onSuggestion,
  onPageChange,
  googleMapsKey,
  googleMapId,
}: Props) {
  const t = useTranslations("browse");
  const totalPages = shown ? pageCount(shown.total) : 1;
  return (
    <div ref={ref} className="scroll-mt-20 pt-6" aria-busy={loading}>
      <h2 className="sr-only">{t("resultsTitle")}</h2>
      <p className="mb-4 min-h-5 text-sm text-muted-foreground" data-testid="browse-count" aria-live="polite">
        {shown === initial
          ? parts.initialCount
          : shown && !shown.error
            ? t(shown.totalIsCapped ? "resultCountCapped" : "resultCount", { count: shown.total })
            : null}
      </p>
      {shown?.suggestion && !loading ? (
        <p className="-mt-2 mb-4 text-sm" data-testid="browse-suggestion">
          {t.rich("didYouMean", {
            term: () => (
              <button
                type="button"
                className="font-semibold text-primary underline underline-offset-2"
                onClick={() => onSuggestion(shown.suggestion!)}
              >
                {shown.suggestion}
              </button>
            ),
          })}
        </p>
      ) : null}

      {loading ? (
        applied.view === "map" ? (
          <div className="h-[400px] animate-pulse rounded-xl bg-muted" data-testid="browse-map-loading" />
        ) : (
          parts.skeleton
        )
      ) : shown?.error === "failed" ? (
        parts.error
      ) : shown && shown.products.length === 0 ? (
        shown.total > 0 ? parts.pastEnd : hasActiveFilters(applied) ? parts.emptyFiltered : parts.empty
      ) : shown && applied.view === "map" ? (
        <div className="space-y-3" data-testid="browse-map">
          {shown.total > shown.products.length ? (
            <p className="text-sm text-muted-foreground" data-testid="browse-map-limited">
              {t("mapLimited", { shown: Math.min(BROWSE_MAP_LIMIT, shown.products.length), total: shown.total })}
            </p>
          ) : null}
          <React.Suspense fallback={<div className="h-[400px] animate-pulse rounded-xl bg-muted" />}>
            <ProductsMap products={shown.products.map(toMapProduct)} googleMapsKey={googleMapsKey} googleMapId={googleMapId} />
          </React.Suspense>
        </div>
      ) : shown ? (
        <div className="space-y-8">
          {shown === initial && initialGrid ? (
            initialGrid
          ) : (
            <React.Suspense fallback={parts.skeleton}>
              <ProductGrid
                products={shown.products}
                priorityCount={4}
                testId="browse-results"
                label={t("resultsTitle")}
                withBuy={CardActions}
              />
            </React.Suspense>
          )}
          <Pagination page={applied.page} totalPages={totalPages} onPageChange={onPageChange} />
        </div>
      ) : null}
    </div>
  );
}

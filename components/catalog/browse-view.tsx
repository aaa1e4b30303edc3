/**
 * The browse page, rendered on the server: the heading and the
 * first results' cards are HTML; BrowseControls, the client island, holds the filters,
 * the list/map switch, saving the search, paging and the results it fetches after that.
 * The placeholders and the "nothing found" blocks render here too, for BrowseControls to
 * show when needed (their buttons are BrowseAction).
 */
import { useTranslations } from "next-intl";
import { RotateCcwIcon, SearchXIcon } from "lucide-react";
import { parseBrowseParams } from "@/lib/domains/catalog/client";
import { CardActions } from "./card-actions";
import { BrowseControls } from "./browse-controls";
import { BrowseAction } from "./browse-filter-controls";
import { BrowseFilterFields, BrowseFilters } from "./browse-filters";
import type { BrowseParts, BrowseProps } from "./browse-types";
import { EmptyState } from "./empty-state";
import { ProductGrid } from "./product-grid";
import { ProductGridSkeleton } from "./product-grid-skeleton";

export type { BrowseCategory, BrowseError, BrowseResults } from "./browse-types";

export function BrowseView(props: BrowseProps) {
  const t = useTranslations("browse");
  const { categories, initial } = props;
  // Only a list of results has a grid (not an error, no results, or the map view).
  const grid =
    initial.error === null && initial.products.length > 0 && parseBrowseParams(new URLSearchParams(initial.key)).view !== "map" ? (
      <ProductGrid products={initial.products} priorityCount={4} testId="browse-results" label={t("resultsTitle")} withBuy={CardActions} />
    ) : null;
  const parts: BrowseParts = {
    initialCount:
      initial.error === null ? t(initial.totalIsCapped ? "resultCountCapped" : "resultCount", { count: initial.total }) : null,
    skeleton: <ProductGridSkeleton count={8} />,
    error: (
      <EmptyState
        icon={SearchXIcon}
        title={t("errorTitle")}
        text={t("errorText")}
        testId="browse-error"
        action={
          <BrowseAction kind="retry" testId="browse-retry">
            <RotateCcwIcon aria-hidden="true" />
            {t("retry")}
          </BrowseAction>
        }
      />
    ),
    pastEnd: <EmptyState title={t("pastEndTitle")} action={<BrowseAction kind="firstPage">{t("firstPage")}</BrowseAction>} />,
    empty: <EmptyState title={t("emptyTitle")} text={t("emptyText")} />,
    emptyFiltered: (
      <EmptyState
        title={t("emptyTitle")}
        text={t("emptyText")}
        action={<BrowseAction kind="clear">{t("clearFilters")}</BrowseAction>}
      />
    ),
  };
  return (
    <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 sm:py-8 lg:px-8">
      <header className="max-w-2xl">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        {/* On a phone the results come first: the search box and results, no intro. */}
        <p className="mt-2 hidden text-muted-foreground sm:block">{t("subtitle")}</p>
      </header>
      <BrowseControls
        {...props}
        initialGrid={grid}
        parts={parts}
        filters={<BrowseFilters categories={categories} />}
        sheetFields={<BrowseFilterFields categories={categories} idPrefix="browse-sheet" />}
      />
    </div>
  );
}

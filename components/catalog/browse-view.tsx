/**
 * The browse page (SPEC.md section 2 and 4), rendered on the server: the heading and the
 * first results' cards are HTML; BrowseControls, the client island, holds the filters,
 * the list/map switch, saving the search, paging and the results it fetches after that.
 */
import { useTranslations } from "next-intl";
import { parseBrowseParams } from "@/lib/catalog/browse-params";
import { BrowseControls, type BrowseProps } from "./browse-controls";
import { ProductGrid } from "./product-grid";

export type { BrowseCategory, BrowseError, BrowseResults } from "./browse-controls";

export function BrowseView(props: BrowseProps) {
  const t = useTranslations("browse");
  const { initial } = props;
  // Only a list of results has a grid (not an error, no results, or the map view).
  const grid =
    initial.error === null && initial.products.length > 0 && parseBrowseParams(new URLSearchParams(initial.key)).view !== "map" ? (
      <ProductGrid products={initial.products} priorityCount={4} testId="browse-results" label={t("resultsTitle")} showBuy />
    ) : null;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("subtitle")}</p>
      </header>
      <BrowseControls {...props} initialGrid={grid} />
    </div>
  );
}

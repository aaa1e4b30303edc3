"use client";

/**
 * "Filters (n)" below `lg`: one button that opens the filter fields
 * in a bottom sheet; n counts the filters set (activeFilterCount). The sheet's code
 * (Radix Dialog and the sheet) loads on the first tap, not with the page.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { SlidersHorizontalIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { activeFilterCount } from "@/lib/domains/catalog/client";
import { useBrowse } from "./browse-context";

const loadSheet = () => import("./browse-filter-sheet");
const BrowseFilterSheet = React.lazy(() => loadSheet().then((m) => ({ default: m.BrowseFilterSheet })));

export function BrowseFiltersButton() {
  const t = useTranslations("browse");
  const { form } = useBrowse();
  const [open, setOpen] = React.useState(false);
  // Mounted from the first opening on, so that closing can animate.
  const [wanted, setWanted] = React.useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        className="lg:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="browse-filters-button"
        // Start fetching the sheet's code as the finger lands.
        onPointerDown={() => void loadSheet().catch(() => undefined)}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <SlidersHorizontalIcon aria-hidden="true" />
        {t("filtersButton", { count: activeFilterCount(form) })}
      </Button>
      {wanted ? (
        <React.Suspense fallback={null}>
          <BrowseFilterSheet open={open} onOpenChange={setOpen} />
        </React.Suspense>
      ) : null}
    </>
  );
}

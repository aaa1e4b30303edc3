"use client";

/**
 * The interactive part of the browse page (BrowseView renders it):
 * search, category, price range, place, distance from a postcode and sort; a list (grid
 * with paging) or the products map.
 *
 * Every filter lives in the URL (use-browse-state.ts holds the state). The server renders
 * the first results for the URL it was asked (so a shared link is complete), including the
 * grid of cards, which it hands in as `initialGrid`; after that the results are fetched
 * here and rendered by BrowseResultsArea (browse-results.tsx).
 *
 * The filter form's layout, labels and options render on the server (browse-filters.tsx,
 * handed in as `filters`); its controls (browse-filter-controls.tsx) read and change this
 * component's state through a context (browse-context.ts).
 */
import * as React from "react";
import { SaveSearchButton } from "@/components/saved-searches/save-search-button";
import { BrowseContext } from "./browse-context";
import { BrowseResultsArea } from "./browse-results";
import type { BrowseParts, BrowseProps } from "./browse-types";
import { useBrowseState } from "./use-browse-state";

type Props = BrowseProps & {
  /** `initial`'s products as the grid, rendered on the server (null when there is none to show). */
  initialGrid: React.ReactNode;
  parts: BrowseParts;
  /** The filter form (BrowseFilters), rendered on the server. */
  filters: React.ReactNode;
  /** The filter fields of the phone's sheet (BrowseFilterFields), rendered on the server. */
  sheetFields: React.ReactNode;
};

export function BrowseControls({ initial, categories, googleMapsKey, googleMapId, initialGrid, parts, filters, sheetFields }: Props) {
  const { applied, shown, loading, context, goToPage, resultsRef } = useBrowseState(initial, { categories, sheetFields });
  return (
    <BrowseContext.Provider value={context}>
      <SaveSearchButton state={applied} />

      {filters}

      <BrowseResultsArea
        ref={resultsRef}
        initial={initial}
        initialGrid={initialGrid}
        parts={parts}
        applied={applied}
        shown={shown}
        loading={loading}
        onSuggestion={(search) => context.update("search", search)}
        onPageChange={goToPage}
        googleMapsKey={googleMapsKey}
        googleMapId={googleMapId}
      />
    </BrowseContext.Provider>
  );
}

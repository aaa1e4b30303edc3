"use client";

/**
 * What the server-rendered filter form's controls and the parts' buttons
 * (browse-filter-controls.tsx) use of BrowseControls' state.
 */
import * as React from "react";
import type { BrowseState, BrowseView as ViewName } from "@/lib/domains/catalog/client";
import type { BrowseCategory } from "./browse-types";

export type ActionKind = "retry" | "firstPage" | "clear";

export type BrowseContextValue = {
  form: BrowseState;
  locale: "nl" | "en";
  update: <K extends keyof BrowseState>(field: K, value: BrowseState[K]) => void;
  /** Several fields at once (back to page 1), applied after the pause like `update`. */
  patch: (changes: Partial<BrowseState>) => void;
  applyNow: (next: BrowseState) => void;
  setView: (view: ViewName) => void;
  /** The near place was not found (shown once results are in). */
  nearNotFound: boolean;
  actions: Record<ActionKind, () => void>;
  /** The categories (the search box suggests them). */
  categories: BrowseCategory[];
  /** The filter fields for the phone's sheet, rendered on the server (BrowseFilterFields). */
  sheetFields: React.ReactNode;
};

export const BrowseContext = React.createContext<BrowseContextValue | null>(null);

export function useBrowse(): BrowseContextValue {
  const value = React.useContext(BrowseContext);
  if (!value) throw new Error("Browse controls outside BrowseControls");
  return value;
}

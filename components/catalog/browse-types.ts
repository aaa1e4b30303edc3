/** The browse page's shapes, shared by its server part (BrowseView) and its client island (BrowseControls). */
import type * as React from "react";
import type { CardProduct } from "./card-product";

export type BrowseError = "near_not_found" | "failed";

/** Results for one state (its browseKey). */
export type BrowseResults = {
  key: string;
  products: CardProduct[];
  total: number;
  /** More than `total` (the count stops at 1,000): shown as "1.000+". */
  totalIsCapped?: boolean;
  error: BrowseError | null;
  /** The search with typos corrected, when the words as typed found nothing. */
  suggestion?: string | null;
};

export type BrowseCategory = { value: string; label: string };

export type BrowseProps = {
  initial: BrowseResults;
  categories: BrowseCategory[];
  googleMapsKey?: string;
  googleMapId?: string;
};

/**
 * What the results area shows besides cards, rendered on the server (BrowseView) so that
 * their code stays there; their buttons are BrowseAction.
 */
export type BrowseParts = {
  /**
   * The server's results' count as text ("24 resultaten"): the page's first count needs
   * no plural rules or number formatter built in the browser while it hydrates.
   */
  initialCount: string | null;
  /** Placeholder cards while results load. */
  skeleton: React.ReactNode;
  /** Loading failed, with "Try again". */
  error: React.ReactNode;
  /** A page past the last one, with "First page". */
  pastEnd: React.ReactNode;
  /** Nothing found, without filters… */
  empty: React.ReactNode;
  /** …and with filters, with "Clear filters". */
  emptyFiltered: React.ReactNode;
};

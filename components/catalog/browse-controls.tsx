"use client";

/**
 * The interactive part of the browse page (SPEC.md section 2 and 4; BrowseView renders it):
 * search, category, price range, place, distance from a postcode and sort; a list (grid
 * with paging) or the products map.
 *
 * Every filter lives in the URL. The server renders the first results for the URL it was
 * asked (so a shared link is complete), including the grid of cards, which it hands in as
 * `initialGrid`; after that this component fetches GET /api/products itself and renders
 * the cards with ProductGrid, whose code loads with the first such fetch. Typing or
 * choosing changes the form at once and, after 300 ms without further changes, pushes the
 * new URL (a history entry, so back and forward walk through searches) and loads it.
 * Paging and the list/map switch apply at once.
 *
 * The filter form's layout, labels and options render on the server (browse-filters.tsx,
 * handed in as `filters`); its controls are the small components at the end of this file,
 * which read and change this component's state through a context.
 */
import * as React from "react";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import {
  BROWSE_DEBOUNCE_MS,
  BROWSE_MAP_LIMIT,
  browseApiParams,
  browseKey,
  EMPTY_BROWSE_STATE,
  hasActiveFilters,
  pageCount,
  parseBrowseParams,
  priceRangeInverted,
  radiusOf,
  type BrowseState,
  type BrowseView as ViewName,
} from "@/lib/catalog/browse-params";
import type { ProductJson } from "@/lib/catalog/serialize";
import { resolveLocale } from "@/lib/i18n/config";
import { cn } from "@/lib/utils";
import { CardActions } from "./card-actions";
import { toCardProduct, toMapProduct, type CardProduct } from "./card-product";
import { Pagination } from "./pagination";
import { SaveSearchButton } from "@/components/saved-searches/save-search-button";

/** The map view's code (and Leaflet or Google) loads when the map view is chosen. */
const ProductsMap = React.lazy(() => import("@/components/maps/products-map").then((m) => ({ default: m.ProductsMap })));

/**
 * The cards of results fetched here: the first results' cards come rendered from the
 * server, so the grid's code (cards, badges, prices) loads only with the first fetch.
 */
const loadProductGrid = () => import("./product-grid");
const ProductGrid = React.lazy(() => loadProductGrid().then((m) => ({ default: m.ProductGrid })));

export type BrowseError = "near_not_found" | "failed";

/** Results for one state (its browseKey). */
export type BrowseResults = {
  key: string;
  products: CardProduct[];
  total: number;
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

type Props = Omit<BrowseProps, "categories"> & {
  /** `initial`'s products as the grid, rendered on the server (null when there is none to show). */
  initialGrid: React.ReactNode;
  parts: BrowseParts;
  /** The filter form (BrowseFilters), rendered on the server. */
  filters: React.ReactNode;
};

type ActionKind = "retry" | "firstPage" | "clear";

/** What the server-rendered form's controls and the parts' buttons use of BrowseControls. */
type BrowseContextValue = {
  form: BrowseState;
  locale: "nl" | "en";
  update: <K extends keyof BrowseState>(field: K, value: BrowseState[K]) => void;
  applyNow: (next: BrowseState) => void;
  setView: (view: ViewName) => void;
  /** The near place was not found (shown once results are in). */
  nearNotFound: boolean;
  actions: Record<ActionKind, () => void>;
};

const BrowseContext = React.createContext<BrowseContextValue | null>(null);

function useBrowse(): BrowseContextValue {
  const value = React.useContext(BrowseContext);
  if (!value) throw new Error("Browse controls outside BrowseControls");
  return value;
}

/** The id of the "place not found" message, which the near field points to. */
export const NEAR_ERROR_ID = "browse-filter-near-error";

const PATH = "/browse";

async function fetchResults(state: BrowseState, locale: "nl" | "en", signal: AbortSignal): Promise<Omit<BrowseResults, "key">> {
  const failed = { products: [], total: 0, error: "failed" as const };
  let response: Response;
  try {
    response = await fetch(`/api/products?${browseApiParams(state, locale)}`, {
      signal,
      headers: { Accept: "application/json" },
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return failed;
  }
  if (response.ok) {
    const products = ((await response.json()) as ProductJson[]).map(toCardProduct);
    const header = Number(response.headers.get("X-Total-Count"));
    const suggestion = response.headers.get("X-Search-Suggestion");
    return {
      products,
      total: Number.isFinite(header) ? header : products.length,
      error: null,
      suggestion: suggestion ? decodeURIComponent(suggestion) : null,
    };
  }
  if (response.status === 422) {
    const body = (await response.json().catch(() => null)) as { code?: string } | null;
    if (body?.code === "near_not_found") return { products: [], total: 0, error: "near_not_found" };
  }
  return failed;
}

function pushUrl(key: string) {
  window.history.pushState(null, "", key ? `${PATH}?${key}` : PATH);
}

export function BrowseControls({ initial, googleMapsKey, googleMapId, initialGrid, parts, filters }: Props) {
  const t = useTranslations("browse");
  const locale = resolveLocale(useLocale());
  const resultsRef = React.useRef<HTMLDivElement>(null);

  // The server's state first (the page is rendered, and cached, without reading the
  // query: useSearchParams would make a cached page render in the browser only).
  const [form, setForm] = React.useState<BrowseState>(() => parseBrowseParams(new URLSearchParams(initial.key)));
  const [appliedKey, setAppliedKey] = React.useState(initial.key);
  const [results, setResults] = React.useState<BrowseResults | null>(initial);

  // Then the URL decides: after back or forward to a page Next kept, it may hold a
  // search made here since (pushState), which `initial` does not know.
  React.useEffect(() => {
    const fromUrl = parseBrowseParams(new URLSearchParams(window.location.search));
    const key = browseKey(fromUrl);
    if (key === initial.key) return;
    // The URL is outside React and only readable in the browser, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setForm(fromUrl);
    setAppliedKey(key);
  }, [initial.key]);

  const needsLoad = results === null || results.key !== appliedKey;
  const formKey = browseKey(form);
  const applied = React.useMemo(() => parseBrowseParams(new URLSearchParams(appliedKey)), [appliedKey]);

  // A failed server render: say so once.
  React.useEffect(() => {
    if (initial.error === "failed") toast.error(t("loadFailed"), { id: "browse-load-failed" });
  }, [initial.error, t]);

  // Load the applied state's results.
  React.useEffect(() => {
    if (!needsLoad) return;
    const controller = new AbortController();
    // The cards' code, while the results load.
    void loadProductGrid().catch(() => undefined);
    fetchResults(parseBrowseParams(new URLSearchParams(appliedKey)), locale, controller.signal)
      .then((next) => {
        if (next.error === "failed") toast.error(t("loadFailed"), { id: "browse-load-failed" });
        setResults({ key: appliedKey, ...next });
      })
      .catch(() => {
        // Aborted: a newer state is loading.
      });
    return () => controller.abort();
  }, [appliedKey, needsLoad, locale, t]);

  // SPEC.md section 4: apply form changes after 300 ms of quiet.
  const pendingTimer = React.useRef<number | undefined>(undefined);
  React.useEffect(() => {
    if (formKey === appliedKey) return;
    const timer = window.setTimeout(() => {
      pushUrl(formKey);
      setAppliedKey(formKey);
    }, BROWSE_DEBOUNCE_MS);
    pendingTimer.current = timer;
    return () => window.clearTimeout(timer);
  }, [formKey, appliedKey]);

  // Leaving the page (a link clicked, back or forward) while a change waits: drop it. A
  // pushState during Next's navigation would cancel that navigation.
  React.useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (anchor && (!anchor.getAttribute("target") || anchor.getAttribute("target") === "_self")) {
        window.clearTimeout(pendingTimer.current);
      }
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  // Back and forward between our own history entries.
  React.useEffect(() => {
    const onPopState = () => {
      window.clearTimeout(pendingTimer.current);
      if (window.location.pathname !== PATH) return;
      const state = parseBrowseParams(new URLSearchParams(window.location.search));
      setForm(state);
      setAppliedKey(browseKey(state));
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  /** A change that applies at once (paging, view, clear, submit). */
  const applyNow = (next: BrowseState) => {
    setForm(next);
    const key = browseKey(next);
    if (key !== appliedKey) {
      pushUrl(key);
      setAppliedKey(key);
    }
  };

  const update = <K extends keyof BrowseState>(field: K, value: BrowseState[K]) =>
    setForm((previous) => ({ ...previous, [field]: value, page: 1 }));

  const goToPage = (page: number) => {
    applyNow({ ...form, page });
    resultsRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  const setView = (view: ViewName) => applyNow({ ...form, view, page: 1 });

  const loading = needsLoad;
  const shown = loading ? null : results;
  const totalPages = shown ? pageCount(shown.total) : 1;

  const context: BrowseContextValue = {
    form,
    locale,
    update,
    applyNow,
    setView,
    nearNotFound: results?.error === "near_not_found" && !loading,
    actions: {
      retry: () => setResults(null),
      firstPage: () => goToPage(1),
      clear: () => applyNow({ ...EMPTY_BROWSE_STATE, view: form.view }),
    },
  };

  return (
    <BrowseContext.Provider value={context}>
      <SaveSearchButton state={applied} />

      {filters}

      <div ref={resultsRef} className="scroll-mt-20 pt-6" aria-busy={loading}>
        <h2 className="sr-only">{t("resultsTitle")}</h2>
        <p className="mb-4 min-h-5 text-sm text-muted-foreground" data-testid="browse-count" aria-live="polite">
          {shown && !shown.error ? t("resultCount", { count: shown.total }) : null}
        </p>
        {shown?.suggestion && !loading ? (
          <p className="-mt-2 mb-4 text-sm" data-testid="browse-suggestion">
            {t.rich("didYouMean", {
              term: () => (
                <button
                  type="button"
                  className="font-semibold text-primary underline underline-offset-2"
                  onClick={() => update("search", shown.suggestion!)}
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
              <ProductsMap
                products={shown.products.map(toMapProduct)}
                googleMapsKey={googleMapsKey}
                googleMapId={googleMapId}
              />
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
            <Pagination page={applied.page} totalPages={totalPages} onPageChange={goToPage} />
          </div>
        ) : null}
      </div>
    </BrowseContext.Provider>
  );
}


// ---------- The form's controls (BrowseFilters places them) and the parts' buttons ----------

/** A button of a server-rendered part (BrowseParts). */
export function BrowseAction({ kind, testId, children }: { kind: ActionKind; testId?: string; children: React.ReactNode }) {
  const { actions } = useBrowse();
  return (
    <Button variant="outline" onClick={actions[kind]} data-testid={testId}>
      {children}
    </Button>
  );
}

/** The form: submitting (Enter) applies the filters at once. */
export function BrowseForm({ label, children }: { label: string; children: React.ReactNode }) {
  const { form, applyNow } = useBrowse();
  return (
    <form
      role="search"
      aria-label={label}
      className="mt-6 space-y-4 rounded-2xl border bg-card p-4 shadow-sm sm:p-5"
      onSubmit={(event) => {
        event.preventDefault();
        applyNow(form);
      }}
    >
      {children}
    </form>
  );
}

type TextField = "search" | "min_price" | "max_price" | "location" | "near";

/** A text field of the form; `price` keeps only digits, commas and dots. */
export function BrowseInput({ field, price, ...props }: React.ComponentProps<"input"> & { field: TextField; price?: boolean }) {
  const { form, update, nearNotFound } = useBrowse();
  const invalid = field === "near" && nearNotFound;
  return (
    <Input
      {...props}
      value={form[field]}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? NEAR_ERROR_ID : undefined}
      onChange={(event) => update(field, price ? event.target.value.replace(/[^\d.,]/g, "") : event.target.value)}
    />
  );
}

type SelectField = "category" | "radius_km" | "sort";

/**
 * A select of the form. The category shows the option matching the URL's in any case; the
 * radius and sorting by distance need a near place.
 */
export function BrowseSelect({
  field,
  options,
  ...props
}: React.ComponentProps<"select"> & { field: SelectField; options: { value: string; label: string }[] }) {
  const { form, update } = useBrowse();
  const nearMissing = !form.near.trim();
  const value =
    field === "category"
      ? (options.find((option) => option.value.toLowerCase() === form.category.trim().toLowerCase())?.value ?? "")
      : field === "radius_km"
        ? String(radiusOf(form))
        : form.sort === "distance" && nearMissing
          ? ""
          : form.sort;
  return (
    <NativeSelect
      {...props}
      value={value}
      disabled={field === "radius_km" && nearMissing}
      onChange={(event) => update(field, event.target.value as BrowseState[SelectField])}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={field === "sort" && option.value === "distance" && nearMissing}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
}

/** Shown while the minimum price is above the maximum (the search then leaves both out). */
export function BrowsePriceHint({ children }: { children: React.ReactNode }) {
  const { form, locale } = useBrowse();
  return priceRangeInverted(form, locale) ? (
    <p role="status" data-testid="browse-price-hint" className="col-span-2 -mt-2 text-sm text-destructive md:col-span-3 xl:col-span-6">
      {children}
    </p>
  ) : null;
}

/** "Place not found" under the near field. */
export function BrowseNearError({ children }: { children: React.ReactNode }) {
  return useBrowse().nearNotFound ? (
    <p id={NEAR_ERROR_ID} className="text-sm text-destructive" data-testid="browse-near-error">
      {children}
    </p>
  ) : null;
}

/** "Clear filters", while any filter is set. */
export function BrowseClear({ children }: { children: React.ReactNode }) {
  const { form, applyNow } = useBrowse();
  return hasActiveFilters(form) ? (
    <Button variant="ghost" onClick={() => applyNow({ ...EMPTY_BROWSE_STATE, view: form.view })} data-testid="browse-clear">
      {children}
    </Button>
  ) : null;
}

/** List or map. */
export function BrowseViewToggle({ label, options }: { label: string; options: { value: ViewName; label: string; icon: React.ReactNode }[] }) {
  const { form, setView } = useBrowse();
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg border bg-muted p-1" data-testid="browse-view-toggle">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={form.view === option.value}
          onClick={() => setView(option.value)}
          data-testid={`browse-view-${option.value}`}
          className={cn(
            "inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40",
            form.view === option.value ? "bg-card text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {option.icon}
          {option.label}
        </button>
      ))}
    </div>
  );
}

"use client";

/**
 * The interactive part of the browse page (SPEC.md section 2 and 4; BrowseView renders it):
 * search, category, price range, place, distance from a postcode and sort; a list (grid
 * with paging) or the products map.
 *
 * Every filter lives in the URL. The server renders the first results for the URL it was
 * asked (so a shared link is complete), including the grid of cards, which it hands in as
 * `initialGrid`; after that this component fetches GET /api/products itself and renders
 * the cards with ProductGrid, whose code loads with the first such fetch. Typing or choosing changes the form at once and, after 300 ms
 * without further changes, pushes the new URL (a history entry, so back and forward walk
 * through searches) and loads it. Paging and the list/map switch apply at once.
 */
import * as React from "react";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { ListIcon, MapIcon, RotateCcwIcon, SearchIcon, SearchXIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
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
  RADIUS_OPTIONS_KM,
  type BrowseState,
  type BrowseView as ViewName,
} from "@/lib/catalog/browse-params";
import type { ProductJson } from "@/lib/catalog/serialize";
import { resolveLocale } from "@/lib/i18n/config";
import { cn } from "@/lib/utils";
import { toCardProduct, toMapProduct, type CardProduct } from "./card-product";
import { EmptyState } from "./empty-state";
import { Pagination } from "./pagination";
import { ProductGridSkeleton } from "./product-grid-skeleton";
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

type Props = BrowseProps & {
  /** `initial`'s products as the grid, rendered on the server (null when there is none to show). */
  initialGrid: React.ReactNode;
};

const PATH = "/browse";
const SORT_OPTIONS = ["newest", "price_asc", "price_desc", "distance"] as const;

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

export function BrowseControls({ initial, categories, googleMapsKey, googleMapId, initialGrid }: Props) {
  const t = useTranslations("browse");
  const locale = resolveLocale(useLocale());
  const id = React.useId();
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
  const nearMissing = !form.near.trim();
  const totalPages = shown ? pageCount(shown.total) : 1;

  return (
    <>
      <SaveSearchButton state={applied} />

      <form
        role="search"
        aria-label={t("filtersLabel")}
        className="mt-6 space-y-4 rounded-2xl border bg-card p-4 shadow-sm sm:p-5"
        onSubmit={(event) => {
          event.preventDefault();
          applyNow(form);
        }}
      >
        <div className="relative">
          <Label htmlFor={`${id}-search`} className="sr-only">
            {t("searchLabel")}
          </Label>
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={`${id}-search`}
            type="search"
            inputMode="search"
            enterKeyHint="search"
            autoComplete="off"
            maxLength={200}
            placeholder={t("searchPlaceholder")}
            value={form.search}
            onChange={(event) => update("search", event.target.value)}
            data-testid="browse-search"
            className="h-12 pl-10 text-base md:text-base"
          />
        </div>

        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          <Field id={`${id}-category`} label={t("category")} className="col-span-2 md:col-span-1">
            <NativeSelect
              id={`${id}-category`}
              value={
                categories.find((category) => category.value.toLowerCase() === form.category.trim().toLowerCase())
                  ?.value ?? ""
              }
              onChange={(event) => update("category", event.target.value)}
              data-testid="browse-category"
            >
              <option value="">{t("allCategories")}</option>
              {categories.map((category) => (
                <option key={category.value} value={category.value}>
                  {category.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`${id}-min`} label={t("minPrice")}>
            <PriceInput
              id={`${id}-min`}
              value={form.min_price}
              placeholder="0"
              onChange={(value) => update("min_price", value)}
              testId="browse-min-price"
            />
          </Field>
          <Field id={`${id}-max`} label={t("maxPrice")}>
            <PriceInput
              id={`${id}-max`}
              value={form.max_price}
              placeholder={t("maxPricePlaceholder")}
              onChange={(value) => update("max_price", value)}
              testId="browse-max-price"
            />
          </Field>
          {priceRangeInverted(form, locale) && (
            <p role="status" data-testid="browse-price-hint" className="col-span-2 -mt-2 text-sm text-destructive md:col-span-3 xl:col-span-6">
              {t("priceRangeInverted")}
            </p>
          )}
          <Field id={`${id}-location`} label={t("location")} className="col-span-2 md:col-span-1">
            <Input
              id={`${id}-location`}
              value={form.location}
              maxLength={100}
              autoComplete="address-level2"
              placeholder={t("locationPlaceholder")}
              onChange={(event) => update("location", event.target.value)}
              data-testid="browse-location"
            />
          </Field>
          <div className="col-span-2 grid grid-cols-[1fr_auto] gap-2">
            <Field id={`${id}-near`} label={t("near")}>
              <Input
                id={`${id}-near`}
                value={form.near}
                maxLength={100}
                autoComplete="postal-code"
                placeholder={t("nearPlaceholder")}
                aria-invalid={results?.error === "near_not_found" && !loading ? true : undefined}
                aria-describedby={results?.error === "near_not_found" && !loading ? `${id}-near-error` : undefined}
                onChange={(event) => update("near", event.target.value)}
                data-testid="browse-near"
              />
            </Field>
            <Field id={`${id}-radius`} label={t("radius")}>
              <NativeSelect
                id={`${id}-radius`}
                value={String(radiusOf(form))}
                disabled={nearMissing}
                onChange={(event) => update("radius_km", event.target.value)}
                data-testid="browse-radius"
                className="w-28"
              >
                {RADIUS_OPTIONS_KM.map((km) => (
                  <option key={km} value={km}>
                    {t("radiusOption", { km })}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
        </div>
        {results?.error === "near_not_found" && !loading ? (
          <p id={`${id}-near-error`} className="text-sm text-destructive" data-testid="browse-near-error">
            {t("nearNotFound")}
          </p>
        ) : null}

        <div className="flex flex-wrap items-end justify-between gap-3 border-t pt-4">
          <Field id={`${id}-sort`} label={t("sort")} className="w-full sm:w-60">
            <NativeSelect
              id={`${id}-sort`}
              value={form.sort === "distance" && nearMissing ? "" : form.sort}
              onChange={(event) => update("sort", event.target.value as BrowseState["sort"])}
              data-testid="browse-sort"
            >
              <option value="">{t("sortOptions.relevance")}</option>
              {SORT_OPTIONS.map((sort) => (
                <option key={sort} value={sort} disabled={sort === "distance" && nearMissing}>
                  {t(`sortOptions.${sort}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="flex items-center gap-2">
            {hasActiveFilters(form) ? (
              <Button
                variant="ghost"
                onClick={() => applyNow({ ...EMPTY_BROWSE_STATE, view: form.view })}
                data-testid="browse-clear"
              >
                <XIcon aria-hidden="true" />
                {t("clearFilters")}
              </Button>
            ) : null}
            <ViewToggle view={form.view} onChange={setView} />
          </div>
        </div>
      </form>

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
            <ProductGridSkeleton count={8} />
          )
        ) : shown?.error === "failed" ? (
          <EmptyState
            icon={SearchXIcon}
            title={t("errorTitle")}
            text={t("errorText")}
            testId="browse-error"
            action={
              <Button variant="outline" onClick={() => setResults(null)} data-testid="browse-retry">
                <RotateCcwIcon aria-hidden="true" />
                {t("retry")}
              </Button>
            }
          />
        ) : shown && shown.products.length === 0 ? (
          <EmptyState
            title={shown.total > 0 ? t("pastEndTitle") : t("emptyTitle")}
            text={shown.total > 0 ? undefined : t("emptyText")}
            action={
              shown.total > 0 ? (
                <Button variant="outline" onClick={() => goToPage(1)}>
                  {t("firstPage")}
                </Button>
              ) : hasActiveFilters(applied) ? (
                <Button variant="outline" onClick={() => applyNow({ ...EMPTY_BROWSE_STATE, view: form.view })}>
                  {t("clearFilters")}
                </Button>
              ) : null
            }
          />
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
              <React.Suspense fallback={<ProductGridSkeleton count={8} />}>
                <ProductGrid
                  products={shown.products}
                  priorityCount={4}
                  testId="browse-results"
                  label={t("resultsTitle")}
                  showBuy
                />
              </React.Suspense>
            )}
            <Pagination page={applied.page} totalPages={totalPages} onPageChange={goToPage} />
          </div>
        ) : null}
      </div>
    </>
  );
}

function Field({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-1.5", className)}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      {children}
    </div>
  );
}

function PriceInput({
  id,
  value,
  placeholder,
  onChange,
  testId,
}: {
  id: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <div className="relative">
      <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">
        €
      </span>
      <Input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        maxLength={10}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/[^\d.,]/g, ""))}
        data-testid={testId}
        className="pl-7"
      />
    </div>
  );
}

function ViewToggle({ view, onChange }: { view: ViewName; onChange: (view: ViewName) => void }) {
  const t = useTranslations("browse");
  const options = [
    { value: "list" as const, icon: ListIcon, label: t("viewList") },
    { value: "map" as const, icon: MapIcon, label: t("viewMap") },
  ];
  return (
    <div role="group" aria-label={t("viewLabel")} className="inline-flex rounded-lg border bg-muted p-1" data-testid="browse-view-toggle">
      {options.map(({ value, icon: Icon, label }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          data-testid={`browse-view-${value}`}
          className={cn(
            "inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40",
            view === value ? "bg-card text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </button>
      ))}
    </div>
  );
}

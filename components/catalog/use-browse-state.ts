"use client";

/**
 * BrowseControls' state: the form as typed, the applied state (the URL's) and its
 * results. Every filter lives in the URL. Typing or choosing changes the form at once and,
 * after 300 ms without further changes, pushes the new URL (a history entry, so back and
 * forward walk through searches) and loads it from GET /api/products. Paging and the
 * list/map switch apply at once.
 */
import * as React from "react";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import {
  BROWSE_DEBOUNCE_MS,
  browseApiParams,
  browseKey,
  EMPTY_BROWSE_STATE,
  parseBrowseParams,
  type BrowseState,
  type BrowseView as ViewName,
} from "@/lib/domains/catalog/client";
import type { ProductJson } from "@/lib/domains/catalog/client";
import { resolveLocale } from "@/lib/platform/i18n/config";
import type { BrowseContextValue } from "./browse-context";
import { loadProductGrid } from "./browse-results";
import type { BrowseCategory, BrowseResults } from "./browse-types";
import { toCardProduct } from "./card-product";
import { ApiError, apiResponse, type ApiResponse } from "@/components/lib/api-client";

const PATH = "/browse";

async function fetchResults(state: BrowseState, locale: "nl" | "en", signal: AbortSignal): Promise<Omit<BrowseResults, "key">> {
  const failed = { products: [], total: 0, error: "failed" as const };
  let response: ApiResponse<ProductJson[]>;
  try {
    response = await apiResponse<ProductJson[]>(`/api/products?${browseApiParams(state, locale)}`, { signal });
  } catch (error) {
    if (signal.aborted) throw new DOMException("Aborted", "AbortError");
    if (error instanceof ApiError && error.code === "near_not_found") return { products: [], total: 0, error: "near_not_found" };
    return failed;
  }
  const products = (response.data ?? []).map(toCardProduct);
  const header = Number(response.headers.get("X-Total-Count"));
  const suggestion = response.headers.get("X-Search-Suggestion");
  return {
    products,
    total: Number.isFinite(header) ? header : products.length,
    totalIsCapped: response.headers.get("X-Total-Count-Capped") === "true",
    error: null,
    suggestion: suggestion ? decodeURIComponent(suggestion) : null,
  };
}

function pushUrl(key: string) {
  window.history.pushState(null, "", key ? `${PATH}?${key}` : PATH);
}

export type BrowseStateResult = {
  /** The applied state (the URL's), which the results are for. */
  applied: BrowseState;
  /** The results to show; null while they load. */
  shown: BrowseResults | null;
  loading: boolean;
  /** What the form's controls use (BrowseContext). */
  context: BrowseContextValue;
  goToPage: (page: number) => void;
  /** The results area, which paging scrolls to. */
  resultsRef: React.RefObject<HTMLDivElement | null>;
};

/**
 * Leaving the page (a link clicked, back or forward) drops a change still waiting in
 * `pendingTimer`; back and forward between our own entries hand the URL's state to `onState`.
 */
function useHistoryNavigation(pendingTimer: React.RefObject<number | undefined>, onState: (state: BrowseState) => void) {
  const onStateRef = React.useRef(onState);
  React.useEffect(() => {
    onStateRef.current = onState;
  });

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
  }, [pendingTimer]);

  // Back and forward between our own history entries.
  React.useEffect(() => {
    const onPopState = () => {
      window.clearTimeout(pendingTimer.current);
      if (window.location.pathname !== PATH) return;
      const state = parseBrowseParams(new URLSearchParams(window.location.search));
      onStateRef.current(state);
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [pendingTimer]);
}

export function useBrowseState(
  initial: BrowseResults,
  { categories, sheetFields }: { categories: BrowseCategory[]; sheetFields: React.ReactNode },
): BrowseStateResult {
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

  // Apply form changes after 300 ms of quiet.
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

  useHistoryNavigation(pendingTimer, (state) => {
    setForm(state);
    setAppliedKey(browseKey(state));
  });

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

  const patch = (changes: Partial<BrowseState>) => setForm((previous) => ({ ...previous, ...changes, page: 1 }));

  const goToPage = (page: number) => {
    applyNow({ ...form, page });
    resultsRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  const setView = (view: ViewName) => applyNow({ ...form, view, page: 1 });

  const loading = needsLoad;
  const context: BrowseContextValue = {
    form,
    locale,
    update,
    patch,
    applyNow,
    setView,
    nearNotFound: results?.error === "near_not_found" && !loading,
    actions: {
      retry: () => setResults(null),
      firstPage: () => goToPage(1),
      clear: () => applyNow({ ...EMPTY_BROWSE_STATE, view: form.view }),
    },
    categories,
    sheetFields,
  };

  return { applied, shown: loading ? null : results, loading, context, goToPage, resultsRef };
}

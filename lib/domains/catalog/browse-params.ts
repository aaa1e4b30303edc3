/**
 * The browse page's state as it lives in the URL (/browse?search=fiets&category=Fietsen
 * &max_price=300&page=2&view=map), and the GET /api/products query it asks for. Pure and
 * client-safe: the server page and the client component use the same functions, so a
 * shared link renders exactly what the client would fetch.
 *
 * The URL keeps what the visitor typed (trimmed); turning it into a valid API query is
 * forgiving: an unreadable price is left out, a minimum above the maximum is left out
 * (the form says so: `priceRangeInverted`; nothing is swapped behind the user's back),
 * sorting by distance and a radius only count with a `near` place.
 */
import { parsePriceInput, type PriceLocale } from "@/lib/platform/money/price-input";
import { CONDITIONS } from "./limits";
import { RADIUS_KM_DEFAULT, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SORTS, type Sort } from "./search-limits";

export const BROWSE_PAGE_SIZE = SEARCH_LIMIT_DEFAULT;
/** The map view shows up to this many matches at once (the API's cap). */
export const BROWSE_MAP_LIMIT = SEARCH_LIMIT_MAX;
/** Filter changes reload after 300 ms. */
export const BROWSE_DEBOUNCE_MS = 300;
export const RADIUS_OPTIONS_KM = [5, 10, 25, 50, 100] as const;
export const BROWSE_VIEWS = ["list", "map"] as const;
export type BrowseView = (typeof BROWSE_VIEWS)[number];

/** Text fields are kept as typed; `sort` is "" (relevance, or newest without a search) or a Sort. */
export type BrowseState = {
  search: string;
  category: string;
  min_price: string;
  max_price: string;
  location: string;
  near: string;
  radius_km: string;
  /** "pickup" or "shipping": only listings offering it; "" for either. */
  delivery: string;
  /** One of CONDITIONS, or "" for any. */
  condition: string;
  sort: "" | Sort;
  page: number;
  view: BrowseView;
};

export const EMPTY_BROWSE_STATE: BrowseState = {
  search: "",
  category: "",
  min_price: "",
  max_price: "",
  location: "",
  near: "",
  radius_km: "",
  delivery: "",
  condition: "",
  sort: "",
  page: 1,
  view: "list",
};

const TEXT_KEYS = ["search", "category", "min_price", "max_price", "location", "near", "radius_km", "delivery", "condition"] as const;
const DELIVERY_FILTERS = ["pickup", "shipping"];
const MAX_TEXT = 200;
const MAX_PAGE = 10_000;

type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>;

function read(source: ParamSource, key: string): string {
  const raw = source instanceof URLSearchParams ? source.get(key) : source[key];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === "string" ? value.slice(0, MAX_TEXT) : "";
}

/** The state a URL's query describes; anything unknown or malformed falls back to its default. */
export function parseBrowseParams(source: ParamSource): BrowseState {
  const state: BrowseState = { ...EMPTY_BROWSE_STATE };
  for (const key of TEXT_KEYS) state[key] = read(source, key).trim();
  if (!DELIVERY_FILTERS.includes(state.delivery)) state.delivery = "";
  if (!(CONDITIONS as readonly string[]).includes(state.condition)) state.condition = "";
  const sort = read(source, "sort");
  state.sort = (SORTS as readonly string[]).includes(sort) ? (sort as Sort) : "";
  const page = Number(read(source, "page"));
  state.page = Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
  state.view = read(source, "view") === "map" ? "map" : "list";
  return state;
}

/** The URL query for a state: only what is set, in a fixed order (also the state's identity). */
export function browseSearchParams(state: BrowseState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of TEXT_KEYS) {
    const value = state[key].trim();
    if (!value) continue;
    if (key === "radius_km" && !state.near.trim()) continue;
    params.set(key, value);
  }
  if (state.sort && (state.sort !== "distance" || state.near.trim())) params.set("sort", state.sort);
  if (state.page > 1 && state.view === "list") params.set("page", String(state.page));
  if (state.view === "map") params.set("view", "map");
  return params;
}

/** A stable key for a state: equal keys mean the same results. */
export function browseKey(state: BrowseState): string {
  return browseSearchParams(state).toString();
}

/**
 * A price filter as typed ("12,50", "1.250", "€ 45") → euros, read by the one price
 * parser in the page's language; blank, negative, ambiguous or unreadable → undefined.
 */
export function parseEuroInput(text: string, locale: PriceLocale = "nl"): number | undefined {
  const parsed = parsePriceInput(text, locale, { minCents: 0 });
  return parsed.ok ? parsed.cents / 100 : undefined;
}

/** True when both prices are readable and the minimum is above the maximum. */
export function priceRangeInverted(state: BrowseState, locale: PriceLocale = "nl"): boolean {
  const min = parseEuroInput(state.min_price, locale);
  const max = parseEuroInput(state.max_price, locale);
  return min !== undefined && max !== undefined && min > max;
}

/** The GET /api/products query of a state (list view: one page; map view: the first 100). */
export function browseApiParams(state: BrowseState, locale: PriceLocale = "nl"): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value === undefined || value === "") return;
    params.set(key, String(value));
  };
  set("search", state.search.trim());
  set("category", state.category.trim());
  if (!priceRangeInverted(state, locale)) {
    set("min_price", parseEuroInput(state.min_price, locale));
    set("max_price", parseEuroInput(state.max_price, locale));
  }
  set("location", state.location.trim());
  const near = state.near.trim();
  if (near) {
    set("near", near);
    set("radius_km", radiusOf(state));
  }
  if (state.sort && (state.sort !== "distance" || near)) set("sort", state.sort);
  if (DELIVERY_FILTERS.includes(state.delivery)) set("delivery", state.delivery);
  if ((CONDITIONS as readonly string[]).includes(state.condition)) set("condition", state.condition);
  if (state.view === "map") {
    set("limit", BROWSE_MAP_LIMIT);
  } else {
    set("limit", BROWSE_PAGE_SIZE);
    if (state.page > 1) set("skip", (state.page - 1) * BROWSE_PAGE_SIZE);
  }
  return params;
}

/** The radius in km that a state searches with (the default when unset or not offered). */
export function radiusOf(state: BrowseState): number {
  const value = Number(state.radius_km);
  return (RADIUS_OPTIONS_KM as readonly number[]).includes(value) ? value : RADIUS_KM_DEFAULT;
}

/** Any filter set (what "clear filters" would reset); the view and page do not count. */
export function hasActiveFilters(state: BrowseState): boolean {
  return TEXT_KEYS.some((key) => state[key].trim() !== "") || state.sort !== "";
}

/**
 * How many filters are set besides the search text (the phone's "Filters (n)"): category,
 * condition, price (either bound), place (near or the old location, with its radius),
 * delivery and a chosen sort count one each.
 */
export function activeFilterCount(state: BrowseState): number {
  return [
    state.category,
    state.condition,
    state.min_price || state.max_price,
    state.near || state.location,
    state.delivery,
    state.sort,
  ].filter((value) => value.trim() !== "").length;
}

export function pageCount(total: number, pageSize = BROWSE_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

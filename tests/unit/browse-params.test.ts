import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  browseApiParams,
  browseKey,
  EMPTY_BROWSE_STATE,
  hasActiveFilters,
  pageCount,
  parseBrowseParams,
  parseEuroInput,
  priceRangeInverted,
} from "@/lib/domains/catalog/browse-params";
import { productQuerySchema } from "@/lib/domains/catalog/schemas";
import { starParts } from "@/lib/domains/catalog/stars";

const api = (query: string) => Object.fromEntries(browseApiParams(parseBrowseParams(new URLSearchParams(query))));

describe("browse URL state", () => {
  it("reads the URL and writes it back in a fixed order, leaving out what is not set", () => {
    const state = parseBrowseParams(new URLSearchParams("view=map&max_price=300&category=Fietsen&search=+fiets+&page=3"));
    expect(state).toMatchObject({ search: "fiets", category: "Fietsen", max_price: "300", page: 3, view: "map" });
    // The map shows everything at once: no page in its URL.
    expect(browseKey(state)).toBe("search=fiets&category=Fietsen&max_price=300&view=map");
    expect(browseKey({ ...state, view: "list" })).toBe("search=fiets&category=Fietsen&max_price=300&page=3");
    expect(browseKey(EMPTY_BROWSE_STATE)).toBe("");
  });

  it("reads Next's searchParams records too, and ignores what it does not know", () => {
    const state = parseBrowseParams({ search: ["fiets", "auto"], sort: "cheapest", page: "-2", view: "grid", x: "1" });
    expect(state).toEqual({ ...EMPTY_BROWSE_STATE, search: "fiets" });
  });

  it("keeps a condition the API knows and counts the filters for the phone's Filters (n) button", () => {
    expect(api("condition=like_new")).toMatchObject({ condition: "like_new" });
    expect(parseBrowseParams(new URLSearchParams("condition=mint")).condition).toBe("");
    expect(activeFilterCount(EMPTY_BROWSE_STATE)).toBe(0);
    // The search text is not a filter; both prices count once, and the place with its radius once.
    const state = parseBrowseParams(
      new URLSearchParams("search=fiets&category=Fietsen&condition=good&min_price=5&max_price=50&near=3511&radius_km=10&sort=distance"),
    );
    expect(activeFilterCount(state)).toBe(5);
    // An old link's exact location still counts (and is still sent to the API).
    expect(activeFilterCount(parseBrowseParams(new URLSearchParams("location=Utrecht")))).toBe(1);
    expect(api("location=Utrecht")).toMatchObject({ location: "Utrecht" });
  });

  it("asks the API for one page of 20, or 100 for the map", () => {
    expect(api("page=3")).toEqual({ limit: "20", skip: "40" });
    expect(api("page=3&view=map")).toEqual({ limit: "100" });
  });

  it("is forgiving: a comma decimal, Dutch thousands, unreadable prices, distance without a place", () => {
    expect(api("min_price=12,50")).toMatchObject({ min_price: "12.5" });
    expect(api("min_price=1.250")).toMatchObject({ min_price: "1250" });
    // A minimum above the maximum is not swapped behind the user's back: the form says so.
    expect(api("min_price=300&max_price=100")).not.toHaveProperty("min_price");
    expect(api("min_price=300&max_price=100")).not.toHaveProperty("max_price");
    expect(priceRangeInverted(parseBrowseParams(new URLSearchParams("min_price=500&max_price=50")))).toBe(true);
    expect(priceRangeInverted(parseBrowseParams(new URLSearchParams("min_price=50&max_price=500")))).toBe(false);
    expect(api("min_price=abc&sort=distance&radius_km=25")).toEqual({ limit: "20" });
    expect(api("near=3511&radius_km=25&sort=distance")).toMatchObject({ near: "3511", radius_km: "25", sort: "distance" });
    // A radius the select does not offer falls back to the default.
    expect(api("near=3511&radius_km=7")).toMatchObject({ radius_km: "10" });
  });

  it("always produces a query the API accepts", () => {
    for (const query of ["", "min_price=300&max_price=100", "sort=distance", "radius_km=5", "near=Utrecht&sort=distance&page=2"]) {
      expect(productQuerySchema.safeParse(api(query)).success, query).toBe(true);
    }
  });

  it("parses euro input and counts pages", () => {
    expect(parseEuroInput(" 1,5 ")).toBe(1.5);
    expect(parseEuroInput("-1")).toBeUndefined();
    expect(parseEuroInput("")).toBeUndefined();
    expect(pageCount(0)).toBe(1);
    expect(pageCount(40)).toBe(2);
    expect(pageCount(41)).toBe(3);
    expect(hasActiveFilters({ ...EMPTY_BROWSE_STATE, page: 4, view: "map" })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_BROWSE_STATE, location: "Delft" })).toBe(true);
  });
});

describe("star rating", () => {
  it("shows whole stars plus a half star from a fraction of 0.5", () => {
    expect(starParts(4.49)).toEqual({ full: 4, half: false });
    expect(starParts(4.5)).toEqual({ full: 4, half: true });
    expect(starParts(4.99)).toEqual({ full: 4, half: true });
    expect(starParts(5)).toEqual({ full: 5, half: false });
    expect(starParts(0)).toEqual({ full: 0, half: false });
    expect(starParts(7)).toEqual({ full: 5, half: false });
    expect(starParts(Number.NaN)).toEqual({ full: 0, half: false });
  });
});

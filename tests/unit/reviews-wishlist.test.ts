// Pure rules of reviews and the wishlist: the review input, the struck-through price window, saved-search filters.
import { describe, expect, it } from "vitest";
import { reviewInputSchema, replyInputSchema } from "@/lib/domains/reviews/schemas";
import { priceDropOf } from "@/lib/domains/catalog/price-drop-view";
import { defaultName, filtersQueryString, savedSearchInputSchema } from "@/lib/domains/saved-searches/schemas";

describe("review input", () => {
  it("takes whole ratings 1-5 and an optional comment of at most 500 characters", () => {
    expect(reviewInputSchema.parse({ rating: 5 })).toEqual({ rating: 5, comment: null });
    expect(reviewInputSchema.parse({ rating: 1, comment: "  " })).toEqual({ rating: 1, comment: null });
    expect(reviewInputSchema.parse({ rating: 3, comment: " Goed " })).toEqual({ rating: 3, comment: "Goed" });
    for (const rating of [0, 6, 2.5, "4", null, undefined]) {
      const result = reviewInputSchema.safeParse({ rating });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Please select a rating");
    }
    expect(reviewInputSchema.safeParse({ rating: 4, comment: "x".repeat(501) }).success).toBe(false);
    expect(replyInputSchema.safeParse({ message: " " }).success).toBe(false);
  });
});

describe("the old price after a drop", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const row = (previous: number | null, daysAgo: number, price = 6000) => ({
    price_cents: price,
    previous_price_cents: previous,
    price_dropped_at: new Date(now.getTime() - daysAgo * 24 * 3600_000),
  });
  it("shows for 7 days and only while higher than the price", () => {
    expect(priceDropOf(row(8000, 1), now).previous_price).toBe(80);
    expect(priceDropOf(row(8000, 6.99), now).previous_price).toBe(80);
    expect(priceDropOf(row(8000, 7), now).previous_price).toBeNull();
    expect(priceDropOf(row(null, 1), now).previous_price).toBeNull();
    expect(priceDropOf(row(5000, 1), now).previous_price).toBeNull();
  });
});

describe("saved-search filters", () => {
  it("normalise through the catalogue's query schema and make a label and a browse query", () => {
    const parsed = savedSearchInputSchema.parse({ search: " fiets ", max_price: "300", near: "Utrecht", radius_km: 25 });
    expect(parsed.filters).toEqual({ search: "fiets", max_price: "300", near: "Utrecht", radius_km: "25" });
    expect(filtersQueryString(parsed.filters)).toBe("search=fiets&max_price=300&near=Utrecht&radius_km=25");
    expect(defaultName(parsed.filters)).toBe("fiets · Utrecht +25 km · €0–€300");
    expect(savedSearchInputSchema.safeParse({}).success).toBe(false);
    expect(savedSearchInputSchema.safeParse({ radius_km: 5 }).success).toBe(false);
  });
});

/**
 * Saved searches ("zoekopdracht opslaan"): the browse filters a user wants to hear about
 * (words, category, price range, place or postcode with radius, delivery and condition).
 * The filters are the GET /api/products parameters and are validated by the catalogue's
 * own query schema, so a saved search can hold exactly what a search can.
 */
import { z } from "zod";
import { SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_MESSAGES, SAVED_FILTER_KEYS, type SavedFilters } from "./limits";
import { productQuerySchema, type ProductQuery } from "@/lib/domains/catalog/schemas";
import nl from "@/messages/nl.json";

const filterValue = z.union([z.string(), z.number()]).nullish().transform((v) => (v === null || v === undefined ? undefined : String(v)));

export const savedSearchInputSchema = z
  .object({
    name: z.string().trim().max(SAVED_SEARCH_NAME_MAX, `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`).nullish(),
    search: filterValue,
    category: filterValue,
    min_price: filterValue,
    max_price: filterValue,
    location: filterValue,
    near: filterValue,
    radius_km: filterValue,
    delivery: filterValue,
    condition: filterValue,
  })
  .transform((input, ctx) => {
    const parsed = productQuerySchema.safeParse({ ...input, name: undefined });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: "custom", message: issue.message });
      return z.NEVER;
    }
    const filters = filtersOf(parsed.data);
    if (Object.keys(filters).length === 0) {
      ctx.addIssue({ code: "custom", path: ["search"], message: SAVED_SEARCH_MESSAGES.empty });
      return z.NEVER;
    }
    return { name: input.name || null, filters };
  });

export type SavedSearchInput = z.output<typeof savedSearchInputSchema>;

/** The normalised filters of a parsed query, as URL values ("12.5", not 1250 cents). */
export function filtersOf(query: ProductQuery): SavedFilters {
  const filters: SavedFilters = {};
  if (query.search) filters.search = query.search;
  if (query.category) filters.category = query.category;
  if (query.minPriceCents !== undefined) filters.min_price = String(query.minPriceCents / 100);
  if (query.maxPriceCents !== undefined) filters.max_price = String(query.maxPriceCents / 100);
  if (query.location) filters.location = query.location;
  if (query.near) {
    filters.near = query.near;
    if (query.radiusKm !== undefined) filters.radius_km = String(query.radiusKm);
  }
  if (query.delivery) filters.delivery = query.delivery;
  if (query.condition) filters.condition = query.condition;
  return filters;
}

/** The browse URL query of saved filters (fixed key order). */
export function filtersQueryString(filters: SavedFilters): string {
  const params = new URLSearchParams();
  for (const key of SAVED_FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

function labelOf(labels: Record<string, string>, value: string): string {
  return Object.hasOwn(labels, value) ? labels[value]! : value;
}

/** A label for a saved search made from its filters ("fiets · Fietsen · Utrecht · €10–€300 · Goed · Verzenden"). */
export function defaultName(filters: SavedFilters): string {
  const parts: string[] = [];
  if (filters.search) parts.push(filters.search);
  if (filters.category) parts.push(filters.category);
  if (filters.location) parts.push(filters.location);
  if (filters.near) parts.push(`${filters.near}${filters.radius_km ? ` +${filters.radius_km} km` : ""}`);
  if (filters.min_price || filters.max_price) parts.push(`€${filters.min_price ?? "0"}–${filters.max_price ? `€${filters.max_price}` : "…"}`);
  // In Dutch, as the category is (the catalogue's own words).
  if (filters.condition) parts.push(labelOf(nl.listing.conditions, filters.condition));
  if (filters.delivery) parts.push(labelOf(nl.browse.delivery, filters.delivery));
  return parts.join(" · ").slice(0, SAVED_SEARCH_NAME_MAX);
}

export * from "./limits";

/**
 * Saved searches: stored browse filters, their new matches since the owner last opened
 * them, and the hourly notification of new listings (matcher.ts). Every count runs the
 * catalogue's own search (lib/domains/catalog/search.ts): no second implementation of filters.
 */
import { AppError, notFound } from "@/lib/platform/api/errors";
import { productQuerySchema } from "@/lib/domains/catalog";
import { planSearch, runSearch } from "@/lib/domains/catalog";
import { isUuid } from "@/lib/platform/api/ids";
import { db } from "@/lib/platform/db/client";
import type { SavedSearch } from "@/lib/platform/db/generated/client";
import type { SavedSearchJson } from "./responses";
import {
  defaultName,
  filtersQueryString,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCHES_MAX,
  type SavedFilters,
  type SavedSearchInput,
} from "./schemas";

/** How many listings match the saved filters and were created after `since` (not the owner's own). */
export async function countNewMatches(search: Pick<SavedSearch, "query" | "userId">, since: Date): Promise<number> {
  const query = productQuerySchema.parse({ ...(search.query as SavedFilters), limit: "1" });
  const plan = await planSearch(query, { createdAfter: since, excludeSellerId: search.userId });
  return (await runSearch(plan)).total;
}

async function serialize(row: SavedSearch): Promise<SavedSearchJson> {
  const filters = row.query as SavedFilters;
  const query = filtersQueryString(filters);
  let newMatches = 0;
  try {
    newMatches = await countNewMatches(row, row.lastOpenedAt);
  } catch {
    // A place that no longer geocodes: the search still lists, with nothing new.
  }
  return {
    id: row.id,
    name: row.name,
    filters,
    browse_url: `/browse${query ? `?${query}` : ""}`,
    new_matches: newMatches,
    created_at: row.createdAt.toISOString(),
    last_opened_at: row.lastOpenedAt.toISOString(),
  };
}

export type { SavedSearchJson };

/** GET /api/saved-searches: newest first, each with its new matches since last opened. */
export async function listSavedSearches(userId: string): Promise<SavedSearchJson[]> {
  const rows = await db.savedSearch.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return Promise.all(rows.map(serialize));
}

/**
 * POST /api/saved-searches. The same filters saved again answer the existing one; a
 * `near` place must be one the catalogue can find (422 as in search).
 */
export async function createSavedSearch(userId: string, input: SavedSearchInput): Promise<{ created: boolean; search: SavedSearchJson }> {
  const query = productQuerySchema.parse(input.filters);
  await planSearch(query);
  const key = filtersQueryString(input.filters);
  const existing = await db.savedSearch.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
  const same = existing.find((row) => filtersQueryString(row.query as SavedFilters) === key);
  if (same) return { created: false, search: await serialize(same) };
  if (existing.length >= SAVED_SEARCHES_MAX) {
    throw new AppError("bad_request", SAVED_SEARCH_MESSAGES.tooMany, { code: "too_many_saved_searches" });
  }
  const row = await db.$transaction(async (tx) => {
    // Serialise one user's saves so two at once cannot pass the limit together.
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
    const count = await tx.savedSearch.count({ where: { userId } });
    if (count >= SAVED_SEARCHES_MAX) {
      throw new AppError("bad_request", SAVED_SEARCH_MESSAGES.tooMany, { code: "too_many_saved_searches" });
    }
    return tx.savedSearch.create({
      data: { userId, name: input.name ?? defaultName(input.filters), query: input.filters },
    });
  });
  return { created: true, search: await serialize(row) };
}

async function ownSearch(userId: string, id: string): Promise<SavedSearch> {
  const row = isUuid(id) ? await db.savedSearch.findUnique({ where: { id } }) : null;
  // Someone else's saved search is "not found": its existence is nobody's business.
  if (!row || row.userId !== userId) throw notFound(SAVED_SEARCH_MESSAGES.notFound, "saved_search_not_found");
  return row;
}

/** DELETE /api/saved-searches/{id}. */
export async function deleteSavedSearch(userId: string, id: string) {
  const row = await ownSearch(userId, id);
  await db.savedSearch.delete({ where: { id: row.id } });
  return { id: row.id, deleted: true };
}

/** POST /api/saved-searches/{id}/opened: the owner looked at the results; new matches restart. */
export async function markSavedSearchOpened(userId: string, id: string): Promise<SavedSearchJson> {
  const row = await ownSearch(userId, id);
  return serialize(await db.savedSearch.update({ where: { id: row.id }, data: { lastOpenedAt: new Date() } }));
}

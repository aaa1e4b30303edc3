/**
 * The searches made on this device (the search box suggests them),
 * newest first, at most RECENT_SEARCHES_MAX, kept in localStorage: nothing of it leaves
 * the browser. Storage that is full, blocked or holds something else reads as empty.
 */
export const RECENT_SEARCHES_KEY = "kw.recent-searches";
export const RECENT_SEARCHES_MAX = 8;

const listeners = new Set<() => void>();

/** For useSyncExternalStore: told of every change made here. */
export function subscribeRecentSearches(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored text as it is (a string: equal while unchanged, as useSyncExternalStore needs). */
export function recentSearchesSnapshot(): string {
  try {
    return window.localStorage.getItem(RECENT_SEARCHES_KEY) ?? "";
  } catch {
    return "";
  }
}

export function parseRecentSearches(raw: string): string[] {
  try {
    const parsed: unknown = JSON.parse(raw || "[]");
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string").slice(0, RECENT_SEARCHES_MAX) : [];
  } catch {
    return [];
  }
}

export function readRecentSearches(): string[] {
  return parseRecentSearches(recentSearchesSnapshot());
}

function write(searches: string[]) {
  try {
    if (searches.length === 0) window.localStorage.removeItem(RECENT_SEARCHES_KEY);
    else window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(searches));
  } catch {
    // Private mode or full storage: the suggestions simply stay empty.
  }
  for (const listener of listeners) listener();
}

/** Puts a search first (once, whatever its case), dropping the oldest beyond the maximum. */
export function addRecentSearch(search: string) {
  const text = search.trim();
  if (!text) return;
  const rest = readRecentSearches().filter((item) => item.toLowerCase() !== text.toLowerCase());
  write([text, ...rest].slice(0, RECENT_SEARCHES_MAX));
}

export function clearRecentSearches() {
  write([]);
}

"use client";

/**
 * The search box's suggestions (loaded on its first focus; BrowseSearchBox): categories
 * whose name holds what is typed, and the earlier searches of this device
 * (recent-searches.ts) that do, newest first, with "Zoekgeschiedenis wissen" as the
 * last option. A listbox of two groups; ↑/↓ move the active option, Enter picks it,
 * Escape closes the list. Picking a category filters on it (the text is cleared);
 * picking a search searches it again.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { HistoryIcon, TagIcon, Trash2Icon } from "lucide-react";
import { cn } from "@/lib/platform/utils";
import { useBrowse } from "./browse-context";
import type { SuggestionKeys, SuggestionsState } from "./browse-search-box";
import {
  addRecentSearch,
  clearRecentSearches,
  parseRecentSearches,
  recentSearchesSnapshot,
  subscribeRecentSearches,
} from "./recent-searches";

const MAX_CATEGORIES = 4;

type Option =
  | { kind: "category"; value: string; label: string }
  | { kind: "recent"; value: string; label: string }
  | { kind: "clear"; value: ""; label: string };

type Props = {
  listId: string;
  open: boolean;
  onClose: () => void;
  onState: (state: SuggestionsState) => void;
  keysRef: React.RefObject<SuggestionKeys | null>;
};

export function BrowseSuggestions({ listId, open, onClose, onState, keysRef }: Props) {
  const t = useTranslations("browse");
  const { form, categories, applyNow } = useBrowse();
  // Read again after every search made (Enter keeps the focus here) and after clearing.
  const raw = React.useSyncExternalStore(subscribeRecentSearches, recentSearchesSnapshot, () => "");
  const recent = React.useMemo(() => parseRecentSearches(raw), [raw]);
  const query = form.search.trim().toLowerCase();
  const [active, setActive] = React.useState({ query, index: -1 });
  const index = active.query === query ? active.index : -1;

  const categoryOptions: Option[] = query
    ? categories
        .filter((category) => category.label.toLowerCase().includes(query) || category.value.toLowerCase().includes(query))
        .slice(0, MAX_CATEGORIES)
        .map((category) => ({ kind: "category", value: category.value, label: category.label }))
    : [];
  const recentOptions: Option[] = recent
    .filter((search) => search.toLowerCase().includes(query) && search.toLowerCase() !== query)
    .map((search) => ({ kind: "recent", value: search, label: search }));
  if (recentOptions.length > 0) recentOptions.push({ kind: "clear", value: "", label: t("clearRecent") });
  const options = [...categoryOptions, ...recentOptions];
  const shown = open && options.length > 0;
  const activeId = shown && index >= 0 && index < options.length ? `${listId}-${index}` : undefined;

  React.useEffect(() => {
    onState({ expanded: shown, activeId });
  }, [shown, activeId, onState]);

  const pick = (option: Option) => {
    if (option.kind === "clear") {
      clearRecentSearches();
      return;
    }
    if (option.kind === "category") applyNow({ ...form, search: "", category: option.value, page: 1 });
    else {
      addRecentSearch(option.value);
      applyNow({ ...form, search: option.value, page: 1 });
    }
    onClose();
  };

  // The box's keys while the list is open (true: handled here).
  React.useEffect(() => {
    keysRef.current = (event) => {
      if (event.key === "Escape") {
        if (!shown) return false;
        onClose();
        return true;
      }
      if (!shown) return false;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        const step = event.key === "ArrowDown" ? 1 : -1;
        const next = index < 0 ? (step > 0 ? 0 : options.length - 1) : (index + step + options.length) % options.length;
        setActive({ query, index: next });
        return true;
      }
      const chosen = index >= 0 ? options[index] : undefined;
      if (event.key === "Enter" && chosen) {
        pick(chosen);
        return true;
      }
      return false;
    };
    return () => {
      keysRef.current = null;
    };
  });

  if (!shown) return null;
  const group = (kind: "categories" | "recent", items: Option[], offset: number) =>
    items.length === 0 ? null : (
      <div role="group" aria-labelledby={`${listId}-${kind}`} className="py-1">
        <div id={`${listId}-${kind}`} role="presentation" className="px-3 pt-1 pb-1.5 text-xs font-semibold text-muted-foreground">
          {t(kind === "categories" ? "suggestCategories" : "suggestRecent")}
        </div>
        {items.map((option, i) => {
          const at = offset + i;
          const Icon = option.kind === "category" ? TagIcon : option.kind === "recent" ? HistoryIcon : Trash2Icon;
          return (
            <div
              key={`${option.kind}:${option.value}`}
              id={`${listId}-${at}`}
              role="option"
              aria-selected={at === index}
              data-testid={`browse-suggestion-${option.kind}`}
              // Keep the focus in the box (a tap would blur it first and close the list).
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
              onMouseMove={() => at !== index && setActive({ query, index: at })}
              className={cn(
                "flex min-h-11 cursor-pointer items-center gap-2 px-3 text-sm",
                at === index && "bg-accent text-accent-foreground",
                option.kind === "clear" && "text-muted-foreground",
              )}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span className="truncate">{option.kind === "category" ? t("suggestCategory", { category: option.label }) : option.label}</span>
            </div>
          );
        })}
      </div>
    );
  return (
    <div
      id={listId}
      role="listbox"
      aria-label={t("searchLabel")}
      className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-xl border bg-popover text-popover-foreground shadow-lg"
      data-testid="browse-suggestions"
    >
      {group("categories", categoryOptions, 0)}
      {group("recent", recentOptions, categoryOptions.length)}
    </div>
  );
}

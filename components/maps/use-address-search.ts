"use client";

/**
 * The location picker's search box state: what is typed, the type-ahead suggestions
 * (debounced, the previous request cancelled by the next keystroke) and the listbox's
 * open state and active option, with the combobox's keyboard handling.
 */
import * as React from "react";
import { SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_CHARS } from "./constants";
import { fetchSuggestions, type Suggestion } from "./geocoding-client";

/** What the keyboard does besides moving through the list. */
export type SearchKeyActions = {
  choose: (suggestion: Suggestion) => void;
  search: (address: string) => void;
};

export type AddressSearchState = ReturnType<typeof useAddressSearch>;

export function useAddressSearch() {
  const [query, setQuery] = React.useState("");
  // What the user typed (choosing a suggestion changes the query but must not re-suggest).
  const [typed, setTyped] = React.useState("");
  const [suggestions, setSuggestions] = React.useState<Suggestion[]>([]);
  const [listOpen, setListOpen] = React.useState(false);
  const [activeIndex, setActiveIndex] = React.useState(-1);

  // Type-ahead: debounced, the previous request cancelled by the next keystroke.
  React.useEffect(() => {
    const q = typed.trim();
    if (q.length < SUGGEST_MIN_CHARS) return;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      const found = await fetchSuggestions(q, controller.signal);
      if (controller.signal.aborted) return;
      setSuggestions(found);
      setActiveIndex(-1);
      setListOpen(found.length > 0);
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [typed]);

  function closeList() {
    setListOpen(false);
    setActiveIndex(-1);
  }

  /** A search starts: drop the suggestions and cancel a type-ahead request still on its way. */
  function clearSuggestions() {
    closeList();
    setSuggestions([]);
    setTyped("");
  }

  function onInputChange(event: React.ChangeEvent<HTMLInputElement>) {
    const next = event.target.value;
    setQuery(next);
    setTyped(next);
    if (next.trim().length < SUGGEST_MIN_CHARS) {
      setSuggestions([]);
      closeList();
    }
  }

  function onInputKeyDown(event: React.KeyboardEvent<HTMLInputElement>, actions: SearchKeyActions) {
    const count = suggestions.length;
    switch (event.key) {
      case "ArrowDown":
        if (!count) return;
        event.preventDefault();
        setListOpen(true);
        setActiveIndex((index) => (index + 1) % count);
        break;
      case "ArrowUp":
        if (!count) return;
        event.preventDefault();
        setListOpen(true);
        setActiveIndex((index) => (index <= 0 ? count - 1 : index - 1));
        break;
      case "Enter": {
        // Never submit a surrounding form (the sell form).
        event.preventDefault();
        const active = listOpen ? suggestions[activeIndex] : undefined;
        if (active) actions.choose(active);
        else actions.search(query);
        break;
      }
      case "Escape":
        if (listOpen) {
          event.preventDefault();
          event.stopPropagation();
          closeList();
        }
        break;
      case "Tab":
        closeList();
        break;
    }
  }

  return {
    query,
    setQuery,
    suggestions,
    activeIndex,
    setActiveIndex,
    /** The listbox is shown: open and with suggestions. */
    showList: listOpen && suggestions.length > 0,
    openIfAny: () => setListOpen(suggestions.length > 0),
    closeList,
    clearSuggestions,
    onInputChange,
    onInputKeyDown,
  };
}

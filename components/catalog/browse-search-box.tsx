"use client";

/**
 * The browse page's search box, a combobox: as you type it suggests
 * matching categories and your earlier searches on this device. The list's code
 * (browse-suggestions.tsx) loads when the box first gets the focus, not with the page;
 * the focus stays in the box and the list's active option is its aria-activedescendant.
 * A search counts as made (and is suggested later) when the box is left or Enter is
 * pressed, not at every pause in the typing.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { SearchIcon } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useBrowse } from "./browse-context";
import { addRecentSearch } from "./recent-searches";

const loadSuggestions = () => import("./browse-suggestions");
const BrowseSuggestions = React.lazy(() => loadSuggestions().then((m) => ({ default: m.BrowseSuggestions })));

/** What the list tells the box: whether it shows, its active option, and its keys. */
export type SuggestionsState = { expanded: boolean; activeId: string | undefined };
export type SuggestionKeys = (event: React.KeyboardEvent<HTMLInputElement>) => boolean;

export function BrowseSearchBox({ id }: { id: string }) {
  const t = useTranslations("browse");
  const { form, update } = useBrowse();
  const listId = `${id}-suggestions`;
  // Each focus opens a fresh list (no option active yet).
  const [opened, setOpened] = React.useState(0);
  const [open, setOpen] = React.useState(false);
  const [state, setState] = React.useState<SuggestionsState>({ expanded: false, activeId: undefined });
  const keysRef = React.useRef<SuggestionKeys | null>(null);
  const expanded = open && state.expanded;
  return (
    <div className="relative">
      <Label htmlFor={id} className="sr-only">
        {t("searchLabel")}
      </Label>
      <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground" />
      <Input
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded ? state.activeId : undefined}
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={200}
        placeholder={t("searchPlaceholder")}
        data-testid="browse-search"
        className="h-12 pl-10 text-base md:text-base"
        value={form.search}
        onFocus={() => {
          setOpened((count) => count + 1);
          setOpen(true);
        }}
        onBlur={() => {
          addRecentSearch(form.search);
          setOpen(false);
        }}
        onChange={(event) => {
          update("search", event.target.value);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (open && keysRef.current?.(event)) {
            event.preventDefault();
            return;
          }
          if (event.key === "Enter") {
            addRecentSearch(form.search);
            setOpen(false);
          }
          else if (event.key === "ArrowDown" && !open) setOpen(true);
        }}
      />
      {opened > 0 ? (
        <React.Suspense fallback={null}>
          <BrowseSuggestions
            key={opened}
            listId={listId}
            open={open}
            onClose={() => setOpen(false)}
            onState={setState}
            keysRef={keysRef}
          />
        </React.Suspense>
      ) : null}
    </div>
  );
}

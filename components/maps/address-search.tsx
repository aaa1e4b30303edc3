"use client";

/**
 * The location picker's search row: the address box as a combobox with its suggestions
 * listbox, "search" and "use my location". Its state is useAddressSearch's.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { LocateFixedIcon, SearchIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/platform/utils";
import type { Suggestion } from "./geocoding-client";
import type { AddressSearchState } from "./use-address-search";
import type { Busy } from "./use-location-selection";

const SUGGESTION_TYPES: Record<string, "address" | "postcode" | "place" | "street" | "municipality"> = {
  adres: "address",
  address: "address",
  postcode: "postcode",
  woonplaats: "place",
  place: "place",
  city: "place",
  weg: "street",
  street: "street",
  gemeente: "municipality",
  municipality: "municipality",
};

type Props = {
  box: AddressSearchState;
  busy: Busy;
  onChoose: (suggestion: Suggestion) => void;
  onSearch: (address: string) => void;
  onLocate: () => void;
  invalid?: boolean;
  errorMessageId?: string;
};

export function AddressSearch({ box, busy, onChoose, onSearch, onLocate, invalid, errorMessageId }: Props) {
  const t = useTranslations("maps.picker");
  const ids = React.useId();
  const inputId = `${ids}-search`;
  const listboxId = `${ids}-suggestions`;
  const { query, suggestions, activeIndex, showList } = box;
  const activeId = showList && activeIndex >= 0 ? `${listboxId}-${activeIndex}` : undefined;
  const searchDisabled = !query.trim() || busy === "search";

  return (
    <div role="search" className="space-y-1.5">
      <Label htmlFor={inputId}>{t("searchLabel")}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={inputId}
            data-testid="location-picker-search"
            type="text"
            inputMode="search"
            autoComplete="off"
            spellCheck={false}
            placeholder={t("searchPlaceholder")}
            value={query}
            onChange={box.onInputChange}
            onKeyDown={(event) => box.onInputKeyDown(event, { choose: onChoose, search: onSearch })}
            onBlur={box.closeList}
            onFocus={box.openIfAny}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listboxId}
            aria-activedescendant={activeId}
            aria-describedby={errorMessageId}
            aria-invalid={invalid || undefined}
            className="pl-9"
          />
          <ul
            id={listboxId}
            role="listbox"
            aria-label={t("suggestions")}
            data-testid="location-picker-suggestions"
            hidden={!showList}
            className="absolute top-full right-0 left-0 z-[1100] mt-1 max-h-72 overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-lg"
          >
            {suggestions.map((suggestion, index) => {
              const type = SUGGESTION_TYPES[String(suggestion.type ?? "").toLowerCase()];
              return (
                <li
                  key={suggestion.id}
                  id={`${listboxId}-${index}`}
                  role="option"
                  aria-selected={index === activeIndex}
                  data-testid="location-picker-suggestion"
                  // Keep the focus in the input; a click must not blur it first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => onChoose(suggestion)}
                  onMouseMove={() => box.setActiveIndex(index)}
                  className={cn(
                    "flex cursor-pointer items-center justify-between gap-3 rounded-sm px-3 py-2 text-sm",
                    index === activeIndex && "bg-accent text-accent-foreground",
                  )}
                >
                  <span className="truncate">{suggestion.label}</span>
                  {type ? <span className="shrink-0 text-xs text-muted-foreground">{t(`types.${type}`)}</span> : null}
                </li>
              );
            })}
          </ul>
          <span className="sr-only" aria-live="polite">
            {showList ? t("suggestionCount", { count: suggestions.length }) : ""}
          </span>
        </div>
        <Button type="button" data-testid="location-picker-search-button" onClick={() => onSearch(query)} disabled={searchDisabled}>
          {busy === "search" ? <Spinner className="text-current" /> : <SearchIcon aria-hidden="true" />}
          {busy === "search" ? t("searching") : t("search")}
        </Button>
        <Button type="button" variant="outline" data-testid="location-picker-locate" onClick={onLocate} disabled={busy === "locate"}>
          {busy === "locate" ? <Spinner className="text-current" /> : <LocateFixedIcon aria-hidden="true" />}
          {busy === "locate" ? t("locating") : t("useMyLocation")}
        </Button>
      </div>
    </div>
  );
}

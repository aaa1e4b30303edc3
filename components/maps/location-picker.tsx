"use client";

/**
 * The location picker (SPEC.md "Location picker"): an address search with type-ahead
 * suggestions, "use my location", a map whose marker can be dragged (or moved by a click
 * on the map) and is then reverse-geocoded, the selected address and tips. Netherlands
 * only: the geocoding API refuses anything else.
 *
 * Controlled: `value` is the selected location (SPEC's {id, address} plus coordinates);
 * `onChange` receives a new one after every successful search, suggestion, position or
 * marker move. It renders no <form> of its own, so it can sit inside the sell form; Enter
 * in the search box searches instead of submitting that form.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { LightbulbIcon, LocateFixedIcon, MapPinIcon, SearchIcon } from "lucide-react";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import {
  DEFAULT_CENTER,
  FOUND_ZOOM,
  MAP_HEIGHT_PX,
  PICKER_ZOOM,
  SUGGEST_DEBOUNCE_MS,
  SUGGEST_MIN_CHARS,
} from "./constants";
import {
  fetchSuggestions,
  geocodeAddress,
  reverseGeocode,
  type GeoFailure,
  type Suggestion,
} from "./geocoding-client";
import { MapView } from "./map-view";
import type { LatLng, MapMarkerSpec, MapViewRequest, SelectedLocation } from "./types";

export type LocationPickerProps = {
  value: SelectedLocation | null;
  onChange: (location: SelectedLocation) => void;
  /** Google Maps browser key (from a server component); without one the keyless map. */
  googleMapsKey?: string;
  googleMapId?: string;
  /** Shows the search box as invalid, e.g. the sell form's "select a location" error. */
  invalid?: boolean;
  /** Id of the element with that error message, linked to the search box. */
  errorMessageId?: string;
  className?: string;
};

type Busy = null | "search" | "locate" | "resolve";

const PIN_COLOR = "#1f7a4d";
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

export function LocationPicker({
  value,
  onChange,
  googleMapsKey,
  googleMapId,
  invalid,
  errorMessageId,
  className,
}: LocationPickerProps) {
  const t = useTranslations("maps.picker");
  const authDialog = useAuthDialog();
  const ids = React.useId();
  const inputId = `${ids}-search`;
  const listboxId = `${ids}-suggestions`;

  const [query, setQuery] = React.useState("");
  // What the user typed (choosing a suggestion changes the query but must not re-suggest).
  const [typed, setTyped] = React.useState("");
  const [suggestions, setSuggestions] = React.useState<Suggestion[]>([]);
  const [listOpen, setListOpen] = React.useState(false);
  const [activeIndex, setActiveIndex] = React.useState(-1);
  const [busy, setBusy] = React.useState<Busy>(null);
  // Where the marker was dropped while its address is being looked up.
  const [pending, setPending] = React.useState<LatLng | null>(null);
  const [view, setView] = React.useState<MapViewRequest | undefined>(undefined);
  // Only the newest operation may change the selection (a slow search must not overwrite
  // a later marker move).
  const operation = React.useRef(0);

  const [initialCenter] = React.useState<LatLng>(() => (value ? { lat: value.lat, lng: value.lng } : DEFAULT_CENTER));
  const [initialZoom] = React.useState(() => (value ? FOUND_ZOOM : PICKER_ZOOM));

  // A value set from outside (a form that loads or resets its location) moves the map;
  // one this picker chose itself has already done so.
  const [seenValue, setSeenValue] = React.useState(value);
  const [chosen, setChosen] = React.useState<SelectedLocation | null>(null);
  if (value !== seenValue) {
    setSeenValue(value);
    if (!value) {
      setQuery("");
      setView((previous) => ({ center: DEFAULT_CENTER, zoom: PICKER_ZOOM, seq: (previous?.seq ?? 0) + 1 }));
    } else if (value.id !== chosen?.id || value.lat !== chosen.lat || value.lng !== chosen.lng) {
      setView((previous) => ({ center: { lat: value.lat, lng: value.lng }, zoom: FOUND_ZOOM, seq: (previous?.seq ?? 0) + 1 }));
    }
  }

  const markerLat = pending?.lat ?? value?.lat ?? DEFAULT_CENTER.lat;
  const markerLng = pending?.lng ?? value?.lng ?? DEFAULT_CENTER.lng;
  const markerTitle = t("markerTitle");
  const markers = React.useMemo<MapMarkerSpec[]>(
    () => [
      {
        id: "picker",
        position: { lat: markerLat, lng: markerLng },
        color: PIN_COLOR,
        shape: "pin",
        title: markerTitle,
        draggable: true,
        testId: "location-picker-marker",
      },
    ],
    [markerLat, markerLng, markerTitle],
  );

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

  function showFailure(reason: GeoFailure, notFound: string) {
    if (reason === "unauthorized") {
      toast.error(t("errors.loginRequired"), {
        action: { label: t("logIn"), onClick: () => authDialog.open("login") },
      });
      return;
    }
    const messages: Record<Exclude<GeoFailure, "unauthorized">, string> = {
      not_found: notFound,
      rate_limited: t("errors.rateLimited"),
      unavailable: t("errors.unavailable"),
      network: t("errors.network"),
      error: t("errors.generic"),
    };
    toast.error(messages[reason]);
  }

  function select(location: SelectedLocation, zoomTo: boolean) {
    setChosen(location);
    onChange(location);
    setPending(null);
    if (zoomTo) {
      setView((previous) => ({ center: { lat: location.lat, lng: location.lng }, zoom: FOUND_ZOOM, seq: (previous?.seq ?? 0) + 1 }));
    }
  }

  async function search(address: string) {
    const trimmed = address.trim();
    // SPEC section 5: an empty or whitespace address is ignored.
    if (!trimmed) return;
    closeList();
    // Drop the suggestions and cancel a type-ahead request still on its way.
    setSuggestions([]);
    setTyped("");
    const op = ++operation.current;
    setBusy("search");
    const outcome = await geocodeAddress(trimmed);
    if (op !== operation.current) return;
    setBusy(null);
    if (outcome.ok) {
      select(outcome.location, true);
      toast.success(t("locationFound"));
    } else {
      showFailure(outcome.reason, t("errors.addressNotFound"));
    }
  }

  function choose(suggestion: Suggestion) {
    setQuery(suggestion.label);
    void search(suggestion.label);
  }

  async function resolveAt(position: LatLng) {
    const op = ++operation.current;
    setPending(position);
    setBusy("resolve");
    const outcome = await reverseGeocode(position);
    if (op !== operation.current) return;
    setBusy(null);
    if (outcome.ok) {
      select(outcome.location, false);
    } else {
      // The marker goes back to the selected location, which has not changed.
      setPending(null);
      showFailure(outcome.reason, t("errors.noAddressFound"));
    }
  }

  function locateMe() {
    if (typeof navigator === "undefined" || !("geolocation" in navigator) || !navigator.geolocation) {
      toast.error(t("errors.geolocationUnsupported"));
      return;
    }
    const op = ++operation.current;
    setBusy("locate");
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        if (op !== operation.current) return;
        const here = { lat: position.coords.latitude, lng: position.coords.longitude };
        const outcome = await reverseGeocode(here);
        if (op !== operation.current) return;
        setBusy(null);
        if (outcome.ok) {
          select(outcome.location, true);
          toast.success(t("currentLocationObtained"));
        } else {
          showFailure(outcome.reason, t("errors.noAddressFound"));
        }
      },
      () => {
        // Denied, unavailable or timed out: SPEC has one message for all three.
        if (op !== operation.current) return;
        setBusy(null);
        toast.error(t("errors.geolocationDenied"));
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
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

  function onInputKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
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
        if (active) choose(active);
        else void search(query);
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

  const showList = listOpen && suggestions.length > 0;
  const activeId = showList && activeIndex >= 0 ? `${listboxId}-${activeIndex}` : undefined;
  const searchDisabled = !query.trim() || busy === "search";

  return (
    <div className={cn("space-y-3", className)} data-testid="location-picker">
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
              onChange={onInputChange}
              onKeyDown={onInputKeyDown}
              onBlur={closeList}
              onFocus={() => setListOpen(suggestions.length > 0)}
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
                    onClick={() => choose(suggestion)}
                    onMouseMove={() => setActiveIndex(index)}
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
          <Button
            type="button"
            data-testid="location-picker-search-button"
            onClick={() => void search(query)}
            disabled={searchDisabled}
          >
            {busy === "search" ? <Spinner className="text-current" /> : <SearchIcon aria-hidden="true" />}
            {busy === "search" ? t("searching") : t("search")}
          </Button>
          <Button
            type="button"
            variant="outline"
            data-testid="location-picker-locate"
            onClick={locateMe}
            disabled={busy === "locate"}
          >
            {busy === "locate" ? <Spinner className="text-current" /> : <LocateFixedIcon aria-hidden="true" />}
            {busy === "locate" ? t("locating") : t("useMyLocation")}
          </Button>
        </div>
      </div>

      <MapView
        label={t("mapLabel")}
        testId="location-picker-map"
        center={initialCenter}
        zoom={initialZoom}
        height={MAP_HEIGHT_PX}
        markers={markers}
        view={view}
        onMapClick={(position) => void resolveAt(position)}
        onMarkerDragEnd={(_id, position) => void resolveAt(position)}
        googleMapsKey={googleMapsKey}
        googleMapId={googleMapId}
      />

      <div
        data-testid="location-picker-selected"
        className="flex items-start gap-3 rounded-lg border bg-card p-3"
        aria-live="polite"
      >
        <MapPinIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t("selectedLabel")}</p>
          {value ? (
            <p data-testid="location-picker-address" className="font-medium break-words">
              {value.address}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">{t("noneSelected")}</p>
          )}
          {busy === "resolve" ? (
            <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground" data-testid="location-picker-resolving">
              <Spinner />
              {t("resolving")}
            </p>
          ) : null}
        </div>
      </div>

      <div className="rounded-lg bg-secondary/60 p-3 text-sm text-secondary-foreground">
        <p className="flex items-center gap-2 font-medium">
          <LightbulbIcon aria-hidden="true" className="size-4" />
          {t("tipsTitle")}
        </p>
        <ul className="mt-1 list-disc space-y-0.5 pl-6">
          <li>{t("tips.search")}</li>
          <li>{t("tips.drag")}</li>
          <li>{t("tips.privacy")}</li>
        </ul>
      </div>
    </div>
  );
}

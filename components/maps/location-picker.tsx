"use client";

/**
 * The location picker: an address search with type-ahead
 * suggestions, "use my location", a map whose marker can be dragged (or moved by a click
 * on the map) and is then reverse-geocoded, the selected address and tips. Netherlands
 * only: the geocoding API refuses anything else.
 *
 * Controlled: `value` is the selected location ({id, address} plus coordinates);
 * `onChange` receives a new one after every successful search, suggestion, position or
 * marker move. It renders no <form> of its own, so it can sit inside the sell form; Enter
 * in the search box searches instead of submitting that form.
 *
 * The search box's state is useAddressSearch's, the selection's (geocoding, marker, map
 * view) useLocationSelection's; MapView loads the map's code when shown.
 */
import { useTranslations } from "next-intl";
import { cn } from "@/lib/platform/utils";
import { AddressSearch } from "./address-search";
import { MAP_HEIGHT_PX } from "./constants";
import type { Suggestion } from "./geocoding-client";
import { PickerTips, SelectedAddress } from "./location-picker-parts";
import { MapView } from "./map-view";
import type { SelectedLocation } from "./types";
import { useAddressSearch } from "./use-address-search";
import { useLocationSelection } from "./use-location-selection";

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
  const box = useAddressSearch();
  const selection = useLocationSelection({
    value,
    onChange,
    onSearchStart: box.clearSuggestions,
    onCleared: () => box.setQuery(""),
  });

  const search = (address: string) => void selection.search(address);
  const choose = (suggestion: Suggestion) => {
    box.setQuery(suggestion.label);
    search(suggestion.label);
  };

  return (
    <div className={cn("space-y-3", className)} data-testid="location-picker">
      <AddressSearch
        box={box}
        busy={selection.busy}
        onChoose={choose}
        onSearch={search}
        onLocate={selection.locateMe}
        invalid={invalid}
        errorMessageId={errorMessageId}
      />

      <MapView
        label={t("mapLabel")}
        testId="location-picker-map"
        center={selection.initialCenter}
        zoom={selection.initialZoom}
        height={MAP_HEIGHT_PX}
        markers={selection.markers}
        view={selection.view}
        onMapClick={(position) => void selection.resolveAt(position)}
        onMarkerDragEnd={(_id, position) => void selection.resolveAt(position)}
        googleMapsKey={googleMapsKey}
        googleMapId={googleMapId}
      />

      <SelectedAddress value={value} resolving={selection.busy === "resolve"} />

      <PickerTips />
    </div>
  );
}

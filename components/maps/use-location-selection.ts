"use client";

/**
 * The location picker's selection: geocoding a searched address, reverse-geocoding a
 * dropped marker or the device's position, the map's marker and the view the map is asked
 * to show. Only the newest operation may change the selection (a slow search must not
 * overwrite a later marker move).
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { DEFAULT_CENTER, FOUND_ZOOM, PICKER_ZOOM } from "./constants";
import { geocodeAddress, reverseGeocode, type GeoFailure } from "./geocoding-client";
import type { LatLng, MapMarkerSpec, MapViewRequest, SelectedLocation } from "./types";

export type Busy = null | "search" | "locate" | "resolve";

const PIN_COLOR = "#1f7a4d";

type Options = {
  value: SelectedLocation | null;
  onChange: (location: SelectedLocation) => void;
  /** A search starts (the search box drops its suggestions). */
  onSearchStart: () => void;
  /** The value was cleared from outside (the search box empties). */
  onCleared: () => void;
};

/** A failed look-up's toast; "log in" with an action that opens the login dialog. */
function useShowFailure() {
  const t = useTranslations("maps.picker");
  const authDialog = useAuthDialog();
  return (reason: GeoFailure, notFound: string) => {
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
  };
}

/** The picker's one draggable marker. */
function usePickerMarker(markerLat: number, markerLng: number) {
  const t = useTranslations("maps.picker");
  const markerTitle = t("markerTitle");
  return React.useMemo<MapMarkerSpec[]>(
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
}

export function useLocationSelection({ value, onChange, onSearchStart, onCleared }: Options) {
  const t = useTranslations("maps.picker");
  const [busy, setBusy] = React.useState<Busy>(null);
  // Where the marker was dropped while its address is being looked up.
  const [pending, setPending] = React.useState<LatLng | null>(null);
  const [view, setView] = React.useState<MapViewRequest | undefined>(undefined);
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
      onCleared();
      setView((previous) => ({ center: DEFAULT_CENTER, zoom: PICKER_ZOOM, seq: (previous?.seq ?? 0) + 1 }));
    } else if (value.id !== chosen?.id || value.lat !== chosen.lat || value.lng !== chosen.lng) {
      setView((previous) => ({ center: { lat: value.lat, lng: value.lng }, zoom: FOUND_ZOOM, seq: (previous?.seq ?? 0) + 1 }));
    }
  }

  const markerLat = pending?.lat ?? value?.lat ?? DEFAULT_CENTER.lat;
  const markerLng = pending?.lng ?? value?.lng ?? DEFAULT_CENTER.lng;
  const markers = usePickerMarker(markerLat, markerLng);

  const showFailure = useShowFailure();

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
    // An empty or whitespace address is ignored.
    if (!trimmed) return;
    onSearchStart();
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
        // Denied, unavailable or timed out: one message for all three.
        if (op !== operation.current) return;
        setBusy(null);
        toast.error(t("errors.geolocationDenied"));
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  return { busy, view, markers, initialCenter, initialZoom, search, resolveAt, locateMe };
}

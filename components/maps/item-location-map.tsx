"use client";

/**
 * The map on the product page. Before purchase it shows only an approximate area: a
 * circle of about 1 km around the position snapped to a 0.01° grid, and no marker
 * (DECISIONS.md section 6). With `exact` (the buyer of a paid order) a marker on the
 * pickup spot.
 *
 * The component rounds as well, but privacy is the server's job: for anyone but the buyer
 * pass approximatePosition() (lib/geo/privacy.ts), so the exact spot never reaches the
 * browser.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { MapPinIcon, ShieldCheckIcon } from "lucide-react";
import { cn } from "@/lib/utils";
import { approximatePosition } from "@/lib/geo/privacy";
import { APPROXIMATE_RADIUS_M, ITEM_AREA_ZOOM, ITEM_EXACT_ZOOM, MAP_HEIGHT_PX } from "./constants";
import { MapView } from "./map-view";
import type { MapCircleSpec, MapMarkerSpec } from "./types";

export type ItemLocationMapProps = {
  lat: number;
  lng: number;
  /** Show the exact spot (only for the buyer of a paid order). */
  exact?: boolean;
  /** The place (before purchase) or the pickup address (exact). */
  label?: string;
  googleMapsKey?: string;
  googleMapId?: string;
  height?: number;
  className?: string;
};

const AREA_COLOR = "#1f7a4d";

export function ItemLocationMap({
  lat,
  lng,
  exact = false,
  label,
  googleMapsKey,
  googleMapId,
  height = MAP_HEIGHT_PX,
  className,
}: ItemLocationMapProps) {
  const t = useTranslations("maps.item");
  const shown = exact ? { lat, lng } : approximatePosition(lat, lng);
  const shownLat = shown.lat;
  const shownLng = shown.lng;
  const markerTitle = label ? t("markerTitleWithAddress", { address: label }) : t("markerTitle");

  const markers = React.useMemo<MapMarkerSpec[]>(
    () =>
      exact
        ? [
            {
              id: "pickup",
              position: { lat: shownLat, lng: shownLng },
              color: AREA_COLOR,
              shape: "pin",
              title: markerTitle,
              testId: "item-location-marker",
            },
          ]
        : [],
    [exact, shownLat, shownLng, markerTitle],
  );
  // A different position (another product, the same component): move the map there.
  const view = React.useMemo(
    () => ({ center: { lat: shownLat, lng: shownLng }, zoom: exact ? ITEM_EXACT_ZOOM : ITEM_AREA_ZOOM, seq: 0 }),
    [exact, shownLat, shownLng],
  );
  const circles = React.useMemo<MapCircleSpec[]>(
    () =>
      exact
        ? []
        : [{ id: "approximate-area", center: { lat: shownLat, lng: shownLng }, radiusM: APPROXIMATE_RADIUS_M, color: AREA_COLOR }],
    [exact, shownLat, shownLng],
  );

  return (
    <figure className={cn("space-y-2", className)} data-testid="item-location" data-precision={exact ? "exact" : "approximate"}>
      <MapView
        label={exact ? t("mapLabelExact") : t("mapLabel")}
        testId="item-location-map"
        center={{ lat: shownLat, lng: shownLng }}
        zoom={exact ? ITEM_EXACT_ZOOM : ITEM_AREA_ZOOM}
        height={height}
        markers={markers}
        circles={circles}
        view={view}
        googleMapsKey={googleMapsKey}
        googleMapId={googleMapId}
      />
      <figcaption className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="item-location-caption">
        {exact ? (
          <MapPinIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        ) : (
          <ShieldCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        )}
        <span>
          {label ? <span className="font-medium text-foreground">{label}. </span> : null}
          {exact ? t("exactNote") : t("approximateNote")}
        </span>
      </figcaption>
    </figure>
  );
}

"use client";

/**
 * The product page's map itself (loaded by ./deferred-map.tsx when it comes near the
 * viewport): an approximate area as a circle, or with `exact` a marker on the pickup spot.
 * `lat`/`lng` are what ./item-location-map.tsx decided to show.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { APPROXIMATE_RADIUS_M, ITEM_AREA_ZOOM, ITEM_EXACT_ZOOM } from "./constants";
import { MapView } from "./map-view";
import type { MapCircleSpec, MapMarkerSpec } from "./types";

export type ItemMapFrameProps = {
  lat: number;
  lng: number;
  exact: boolean;
  label?: string;
  googleMapsKey?: string;
  googleMapId?: string;
  height: number;
};

const AREA_COLOR = "#1f7a4d";

export default function ItemMapFrame({ lat, lng, exact, label, googleMapsKey, googleMapId, height }: ItemMapFrameProps) {
  const t = useTranslations("maps.item");
  const shownLat = lat;
  const shownLng = lng;
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
  );
}

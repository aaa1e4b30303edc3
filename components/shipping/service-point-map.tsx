"use client";

/**
 * The service points on a map (loaded when the buyer opens it: the map's code, and
 * Leaflet or Google with it, come with this module). A tap on a marker chooses the point.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { MapView } from "@/components/maps/map-view";
import type { MapMarkerSpec } from "@/components/maps/types";
import type { ServicePoint } from "./types";

type Props = { points: ServicePoint[]; selected: string | null; onSelect: (id: string) => void };

export default function ServicePointMap({ points, selected, onSelect }: Props) {
  const t = useTranslations("shipping.checkout");
  const markers = React.useMemo<MapMarkerSpec[]>(
    () =>
      points.map((point) => ({
        id: point.id,
        position: point.position,
        color: point.id === selected ? "#0f766e" : "#64748b",
        shape: point.id === selected ? "pin" : "dot",
        title: point.name,
        testId: "service-point-marker",
        data: { "point-id": point.id },
      })),
    [points, selected],
  );
  const center = points.find((point) => point.id === selected)?.position ?? points[0]?.position ?? { lat: 52.1, lng: 5.1 };
  return (
    <MapView
      label={t("points")}
      center={center}
      zoom={13}
      height={240}
      markers={markers}
      fitToMarkers
      onMarkerClick={onSelect}
      testId="service-point-map"
    />
  );
}

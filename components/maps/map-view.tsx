"use client";

/**
 * One map, two engines (docs/catalog.md): Google Maps when a browser key is given
 * and Google works on this page, otherwise the keyless Leaflet map. The engine reports
 * The map's loading states (not loaded, loading, loaded, failed, auth failure); a failure, a
 * rejected key (window.gm_authFailure) or a Google script that has not loaded within
 * GOOGLE_LOAD_TIMEOUT_MS switches to the keyless map, so no map feature ever depends on
 * Google.
 *
 * The frame carries data-map-engine and data-map-status (and data-google-status when a
 * key was given) for tests and support.
 */
import * as React from "react";
import dynamic from "next/dynamic";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/platform/utils";
import { GOOGLE_LOAD_TIMEOUT_MS, MAP_HEIGHT_PX } from "./constants";
import {
  getGoogleAvailability,
  getServerGoogleAvailability,
  markGoogleUnavailable,
  subscribeGoogleAvailability,
} from "./google-availability";
import type {
  LatLng,
  MapCircleSpec,
  MapEngineName,
  MapMarkerSpec,
  MapPopup,
  MapStatus,
  MapViewRequest,
} from "./types";

function MapLoading() {
  return (
    <div className="flex h-full w-full items-center justify-center bg-muted">
      <Spinner className="size-6" />
    </div>
  );
}

const LeafletMap = dynamic(() => import("./leaflet-map"), { ssr: false, loading: MapLoading });
const GoogleMapEngine = dynamic(() => import("./google-map"), { ssr: false, loading: MapLoading });

const NO_MARKERS: MapMarkerSpec[] = [];
const NO_CIRCLES: MapCircleSpec[] = [];

export type MapViewProps = {
  /** Accessible name of the map region. */
  label: string;
  center: LatLng;
  zoom: number;
  height?: number;
  markers?: MapMarkerSpec[];
  circles?: MapCircleSpec[];
  fitToMarkers?: boolean;
  view?: MapViewRequest;
  popup?: MapPopup | null;
  onMapClick?: (position: LatLng) => void;
  onMarkerClick?: (markerId: string) => void;
  onMarkerDragEnd?: (markerId: string, position: LatLng) => void;
  onPopupClose?: () => void;
  /** Google Maps browser key; without one the keyless map is used. */
  googleMapsKey?: string;
  /** Google map id (needed for advanced markers). */
  googleMapId?: string;
  className?: string;
  testId?: string;
};

export function MapView({
  label,
  height = MAP_HEIGHT_PX,
  markers = NO_MARKERS,
  circles = NO_CIRCLES,
  fitToMarkers = false,
  googleMapsKey,
  googleMapId,
  className,
  testId,
  ...rest
}: MapViewProps) {
  const googleAvailability = React.useSyncExternalStore(
    subscribeGoogleAvailability,
    getGoogleAvailability,
    getServerGoogleAvailability,
  );
  const engine: MapEngineName = googleMapsKey && googleAvailability === "available" ? "google" : "leaflet";
  const [googleStatus, setGoogleStatus] = React.useState<MapStatus>("not_loaded");
  const [leafletStatus, setLeafletStatus] = React.useState<MapStatus>("loading");
  const status = engine === "google" ? googleStatus : leafletStatus;

  const onGoogleStatus = React.useCallback((next: MapStatus) => {
    setGoogleStatus(next);
    if (next === "failed" || next === "auth_failure") markGoogleUnavailable(next);
  }, []);

  // A script that neither loads nor fails (a network that swallows the request) counts
  // as failed after a while.
  const googleLoaded = engine === "google" && googleStatus === "loaded";
  React.useEffect(() => {
    if (engine !== "google" || googleLoaded) return;
    const timer = window.setTimeout(() => markGoogleUnavailable("failed"), GOOGLE_LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [engine, googleLoaded]);

  const reportedGoogleStatus: MapStatus | undefined = googleMapsKey
    ? googleAvailability === "available"
      ? googleStatus
      : googleAvailability
    : undefined;

  const engineProps = {
    ...rest,
    height,
    markers,
    circles,
    fitToMarkers,
  };

  return (
    <div
      role="region"
      aria-label={label}
      aria-busy={status === "loading" || status === "not_loaded"}
      data-testid={testId}
      data-map-engine={engine}
      data-map-status={status}
      data-google-status={reportedGoogleStatus}
      className={cn("kw-map relative isolate w-full overflow-hidden rounded-xl border bg-muted", className)}
      style={{ height }}
    >
      {engine === "google" && googleMapsKey ? (
        <GoogleMapEngine {...engineProps} apiKey={googleMapsKey} mapId={googleMapId} onStatus={onGoogleStatus} />
      ) : (
        <LeafletMap {...engineProps} onStatus={setLeafletStatus} />
      )}
    </div>
  );
}

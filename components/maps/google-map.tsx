"use client";

/**
 * The Google engine: @vis.gl/react-google-maps with the browser key. Loaded only in the
 * browser (next/dynamic, ssr: false) and only when a key is configured. It reports the
 * library's loading status; a failed load, a load timeout or a rejected key makes
 * MapView switch to the keyless engine (google-availability.ts).
 *
 * Markers: advanced markers (HTML, same look as the keyless map) when a map id is
 * configured, which Google requires for them; otherwise classic markers with a coloured
 * circle symbol.
 */
import "./maps.css";
import * as React from "react";
import { useLocale } from "next-intl";
import {
  AdvancedMarker,
  APIProvider,
  Circle,
  InfoWindow,
  Map as GoogleMap,
  Marker,
  useApiLoadingStatus,
  useMap,
  type MapMouseEvent,
} from "@vis.gl/react-google-maps";
import { FIT_MAX_ZOOM } from "./constants";
import { installAuthFailureHook } from "./google-availability";
import { MARKER_GEOMETRY, safeColor } from "./marker-html";
import type { LatLng, MapEngineProps, MapMarkerSpec, MapStatus } from "./types";

// The API calls window.gm_authFailure after it has checked the key: set it before any
// script of this engine can load.
installAuthFailureHook();

const STATUS: Record<string, MapStatus> = {
  NOT_LOADED: "not_loaded",
  LOADING: "loading",
  LOADED: "loaded",
  FAILED: "failed",
  AUTH_FAILURE: "auth_failure",
};

// Without onError the library logs the failure as a console error; MapView handles it.
const ignoreLoadError = () => {};

type GoogleMapEngineProps = MapEngineProps & { apiKey: string; mapId?: string };

export default function GoogleMapEngine({ apiKey, mapId, ...props }: GoogleMapEngineProps) {
  const locale = useLocale();
  const { onStatus, onMapClick, onMarkerClick, onMarkerDragEnd, onPopupClose } = props;
  const popupMarker = props.popup ? props.markers.find((m) => m.id === props.popup?.markerId) : undefined;

  return (
    <APIProvider apiKey={apiKey} language={locale} region="NL" onError={ignoreLoadError}>
      <StatusReporter onStatus={onStatus} />
      <GoogleMap
        defaultCenter={props.center}
        defaultZoom={props.zoom}
        mapId={mapId}
        gestureHandling="cooperative"
        clickableIcons={false}
        streetViewControl={false}
        mapTypeControl={false}
        style={{ width: "100%", height: props.height }}
        onClick={(event: MapMouseEvent) => {
          const position = event.detail.latLng;
          if (position) onMapClick?.(position);
        }}
      >
        {props.markers.map((spec) => (
          <GoogleMarker
            key={spec.id}
            spec={spec}
            advanced={Boolean(mapId)}
            onClick={() => onMarkerClick?.(spec.id)}
            onDragEnd={(position) => onMarkerDragEnd?.(spec.id, position)}
          />
        ))}
        {props.circles.map((circle) => (
          <Circle
            key={circle.id}
            center={circle.center}
            radius={circle.radiusM}
            strokeColor={circle.color}
            strokeWeight={2}
            fillColor={circle.color}
            fillOpacity={0.15}
            clickable={false}
          />
        ))}
        {props.popup && popupMarker ? (
          <InfoWindow
            position={popupMarker.position}
            pixelOffset={[0, MARKER_GEOMETRY[popupMarker.shape].popupOffset[1]]}
            onCloseClick={onPopupClose}
            maxWidth={280}
          >
            {props.popup.content}
          </InfoWindow>
        ) : null}
      </GoogleMap>
      <ViewController view={props.view} fitPositions={props.fitToMarkers ? props.markers.map((m) => m.position) : []} />
    </APIProvider>
  );
}

function StatusReporter({ onStatus }: { onStatus: (status: MapStatus) => void }) {
  const status = useApiLoadingStatus();
  React.useEffect(() => {
    onStatus(STATUS[status] ?? "loading");
  }, [status, onStatus]);
  return null;
}

function GoogleMarker({
  spec,
  advanced,
  onClick,
  onDragEnd,
}: {
  spec: MapMarkerSpec;
  advanced: boolean;
  onClick: () => void;
  onDragEnd: (position: LatLng) => void;
}) {
  const handleDragEnd = (event: google.maps.MapMouseEvent) => {
    const position = event.latLng?.toJSON();
    if (position) onDragEnd(position);
  };
  if (advanced) {
    const geometry = MARKER_GEOMETRY[spec.shape];
    const dataAttributes = Object.fromEntries(
      Object.entries(spec.data ?? {}).map(([key, value]) => [`data-${key}`, value]),
    );
    return (
      <AdvancedMarker
        position={spec.position}
        title={spec.title}
        draggable={Boolean(spec.draggable)}
        clickable
        onClick={onClick}
        onDragEnd={handleDragEnd}
        anchorLeft={`-${geometry.anchor[0]}px`}
        anchorTop={`-${geometry.anchor[1]}px`}
      >
        <span
          className="kw-marker"
          data-testid={spec.testId}
          data-marker-id={spec.id}
          {...dataAttributes}
          style={{ display: "block", width: geometry.size[0], height: geometry.size[1] }}
        >
          <span
            className={`kw-marker-${spec.shape}`}
            style={{ "--kw-marker-color": safeColor(spec.color) } as React.CSSProperties}
          />
        </span>
      </AdvancedMarker>
    );
  }
  return (
    <Marker
      position={spec.position}
      title={spec.title}
      draggable={Boolean(spec.draggable)}
      onClick={onClick}
      onDragEnd={handleDragEnd}
      icon={{
        path: 0 as google.maps.SymbolPath, // google.maps.SymbolPath.CIRCLE
        fillColor: safeColor(spec.color),
        fillOpacity: 1,
        strokeColor: "#ffffff",
        strokeWeight: 3,
        scale: spec.shape === "pin" ? 12 : 9,
      }}
    />
  );
}

function ViewController({ view, fitPositions }: { view: MapEngineProps["view"]; fitPositions: LatLng[] }) {
  const map = useMap();

  React.useEffect(() => {
    if (!map || !view) return;
    map.panTo(view.center);
    if (view.zoom !== undefined) map.setZoom(view.zoom);
  }, [map, view]);

  const fitKey = fitPositions
    .map((p) => `${p.lat},${p.lng}`)
    .sort()
    .join(";");
  React.useEffect(() => {
    if (!map || !fitKey) return;
    const bounds = new google.maps.LatLngBounds();
    for (const pair of fitKey.split(";")) {
      const [lat, lng] = pair.split(",").map(Number);
      bounds.extend({ lat: lat ?? 0, lng: lng ?? 0 });
    }
    map.fitBounds(bounds, 40);
    // fitBounds zooms right in on a single marker; cap it like the keyless map does.
    const listener = google.maps.event.addListenerOnce(map, "idle", () => {
      const zoom = map.getZoom();
      if (zoom !== undefined && zoom > FIT_MAX_ZOOM) map.setZoom(FIT_MAX_ZOOM);
    });
    return () => listener.remove();
  }, [map, fitKey]);

  return null;
}

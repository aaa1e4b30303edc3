"use client";

/**
 * The keyless engine: the plain `leaflet` package with PDOK BRT-Achtergrondkaart tiles
 * (Kadaster). Leaflet touches `window` when it is evaluated, so it is imported inside an
 * effect; this module itself is only loaded in the browser (next/dynamic, ssr: false).
 *
 * Markers are divIcons (coloured CSS shapes) rather than Leaflet's PNG icons, and every
 * feature works without tiles: offline the map is grey, markers, dragging, clicks and
 * popups still work, and a small notice says the background is unavailable.
 */
import "leaflet/dist/leaflet.css";
import "./maps.css";
import * as React from "react";
import { createPortal } from "react-dom";
import { useTranslations } from "next-intl";
import type * as Leaflet from "leaflet";
import {
  FIT_MAX_ZOOM,
  pdokAttribution,
  PDOK_MAX_ZOOM,
  PDOK_MIN_ZOOM,
  PDOK_TILE_URL,
} from "./constants";
import { MARKER_GEOMETRY, markerInnerHtml } from "./marker-html";
import type { LatLng, MapEngineProps, MapMarkerSpec } from "./types";

type LeafletLib = typeof Leaflet;
type Instance = { L: LeafletLib; map: Leaflet.Map };
type MarkerEntry = { marker: Leaflet.Marker; look: string };

export default function LeafletMap(props: MapEngineProps) {
  const t = useTranslations("maps");
  const containerRef = React.useRef<HTMLDivElement>(null);
  const [instance, setInstance] = React.useState<Instance | null>(null);
  const [tilesFailed, setTilesFailed] = React.useState(false);
  const markersRef = React.useRef(new Map<string, MarkerEntry>());
  // Leaflet's event handlers are bound once; they read the newest props through this.
  const latest = React.useRef(props);
  // The tiles' credit in the page's language, read when the map is made.
  const credit = React.useRef(t("credit"));
  React.useLayoutEffect(() => {
    latest.current = props;
  });

  // Create the map once Leaflet is loaded; remove it on unmount.
  React.useEffect(() => {
    let cancelled = false;
    let created: Leaflet.Map | undefined;
    const markerEntries = markersRef.current;
    import("leaflet")
      .then((mod) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        const L = ((mod as { default?: LeafletLib }).default ?? mod) as LeafletLib;
        const { center, zoom } = latest.current;
        const animate = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        const map = L.map(container, {
          center: [center.lat, center.lng],
          zoom,
          zoomAnimation: animate,
          fadeAnimation: animate,
          markerZoomAnimation: animate,
          minZoom: PDOK_MIN_ZOOM,
          maxZoom: PDOK_MAX_ZOOM,
          zoomControl: false,
          attributionControl: false,
        });
        created = map;
        if (!animate) {
          // Leaflet animates every pan (a popup's autoPan, the arrow keys) unless each call
          // says otherwise: for a visitor who asked for less motion, none does.
          const panBy = map.panBy.bind(map);
          map.panBy = (offset, options) => panBy(offset, { ...options, animate: false });
        }
        L.control.zoom({ position: "topleft" }).addTo(map);
        L.control
          .attribution({ prefix: '<a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">Leaflet</a>' })
          .addTo(map);
        const tiles = L.tileLayer(PDOK_TILE_URL, {
          attribution: pdokAttribution(credit.current),
          minZoom: PDOK_MIN_ZOOM,
          maxZoom: PDOK_MAX_ZOOM,
        });
        tiles.on("tileerror", () => setTilesFailed(true));
        tiles.on("tileload", () => setTilesFailed(false));
        // Fit before the tiles are added, so only the tiles of the fitted view load.
        const { fitToMarkers, markers } = latest.current;
        if (fitToMarkers && markers.length > 0) fitTo(L, map, positionsKey(markers));
        tiles.addTo(map);
        map.on("click", (event: Leaflet.LeafletMouseEvent) => {
          latest.current.onMapClick?.({ lat: event.latlng.lat, lng: event.latlng.lng });
        });
        setInstance({ L, map });
        latest.current.onStatus("loaded");
      })
      .catch(() => {
        if (!cancelled) latest.current.onStatus("failed");
      });
    return () => {
      cancelled = true;
      created?.remove();
      markerEntries.clear();
    };
  }, []);

  useControlLabels(instance);

  useResize(instance, containerRef);

  useMarkers(instance, props.markers, markersRef, latest);

  useCircles(instance, props.circles);

  // View requests (a search result, the user's position).
  const view = props.view;
  React.useEffect(() => {
    if (!instance || !view) return;
    instance.map.setView([view.center.lat, view.center.lng], view.zoom ?? instance.map.getZoom());
  }, [instance, view]);

  // Fit to the markers, once per distinct set of positions.
  const fitKey = props.fitToMarkers ? positionsKey(props.markers) : "";
  React.useEffect(() => {
    if (!instance || !fitKey) return;
    fitTo(instance.L, instance.map, fitKey);
  }, [instance, fitKey]);

  // The popup shows React content through a portal into a Leaflet popup.
  const [popupElement] = React.useState(() => document.createElement("div"));
  const popupMarkerId = props.popup?.markerId;
  const closeLabel = t("closePopup");
  usePopup(instance, popupMarkerId, popupElement, closeLabel, markersRef, latest);

  return (
    <div className="relative h-full w-full">
      <div ref={containerRef} className="h-full w-full" data-testid="leaflet-container" />
      {tilesFailed ? (
        <p
          data-testid="map-tiles-unavailable"
          className="pointer-events-none absolute right-2 bottom-6 z-[1000] max-w-[70%] rounded-md bg-card/90 px-2 py-1 text-xs text-muted-foreground shadow-sm"
        >
          {t("tilesUnavailable")}
        </p>
      ) : null}
      {props.popup ? createPortal(props.popup.content, popupElement) : null}
    </div>
  );
}

/** Translated names for Leaflet's own controls (it only knows English). */
function useControlLabels(instance: Instance | null) {
  const t = useTranslations("maps");
  React.useEffect(() => {
    const container = instance?.map.getContainer();
    if (!container) return;
    for (const [selector, label] of [
      [".leaflet-control-zoom-in", t("zoomIn")],
      [".leaflet-control-zoom-out", t("zoomOut")],
    ] as const) {
      const button = container.querySelector(selector);
      button?.setAttribute("title", label);
      button?.setAttribute("aria-label", label);
    }
  }, [instance, t]);
}

/** Leaflet measures its container once; tell it when the layout changes its size. */
function useResize(instance: Instance | null, containerRef: React.RefObject<HTMLDivElement | null>) {
  React.useEffect(() => {
    const container = containerRef.current;
    if (!instance || !container) return;
    const observer = new ResizeObserver(() => instance.map.invalidateSize());
    observer.observe(container);
    return () => observer.disconnect();
  }, [instance, containerRef]);
}

type Latest = React.RefObject<MapEngineProps>;
type MarkerEntries = React.RefObject<Map<string, MarkerEntry>>;

/** Markers: add, move, restyle and remove to match the props. */
function useMarkers(instance: Instance | null, markers: MapMarkerSpec[], markersRef: MarkerEntries, latest: Latest) {
  React.useEffect(() => {
    if (!instance) return;
    const { L, map } = instance;
    const entries = markersRef.current;
    const wanted = new Set<string>();
    for (const spec of markers) {
      wanted.add(spec.id);
      const look = markerLook(spec);
      const entry = entries.get(spec.id);
      if (!entry) {
        const marker = L.marker([spec.position.lat, spec.position.lng], {
          icon: createIcon(L, spec),
          title: spec.title,
          keyboard: true,
          draggable: Boolean(spec.draggable),
          autoPan: true,
          riseOnHover: true,
        });
        const id = spec.id;
        marker.on("click", () => latest.current.onMarkerClick?.(id));
        // Markers are role="button": Enter and Space open them like a click.
        marker.on("keydown", (event: Leaflet.LeafletEvent) => {
          const key = (event as Leaflet.LeafletKeyboardEvent).originalEvent.key;
          if (key !== "Enter" && key !== " ") return;
          (event as Leaflet.LeafletKeyboardEvent).originalEvent.preventDefault();
          latest.current.onMarkerClick?.(id);
        });
        marker.on("dragend", () => {
          const { lat, lng } = marker.getLatLng();
          latest.current.onMarkerDragEnd?.(id, { lat, lng });
        });
        marker.addTo(map);
        decorate(marker, spec);
        entries.set(id, { marker, look });
        continue;
      }
      const current = entry.marker.getLatLng();
      if (current.lat !== spec.position.lat || current.lng !== spec.position.lng) {
        entry.marker.setLatLng([spec.position.lat, spec.position.lng]);
      }
      if (entry.look !== look) {
        entry.marker.options.title = spec.title;
        entry.marker.setIcon(createIcon(L, spec));
        decorate(entry.marker, spec);
        entry.look = look;
      }
      if (spec.draggable) entry.marker.dragging?.enable();
      else entry.marker.dragging?.disable();
    }
    for (const [id, entry] of entries) {
      if (!wanted.has(id)) {
        entry.marker.remove();
        entries.delete(id);
      }
    }
  }, [instance, markers, markersRef, latest]);
}

/** Circles (the approximate pickup area): redrawn when they change. */
function useCircles(instance: Instance | null, circles: MapEngineProps["circles"]) {
  React.useEffect(() => {
    if (!instance) return;
    const { L, map } = instance;
    const layers = circles.map((circle) => {
      const layer = L.circle([circle.center.lat, circle.center.lng], {
        radius: circle.radiusM,
        color: circle.color,
        weight: 2,
        fillColor: circle.color,
        fillOpacity: 0.15,
        interactive: false,
        className: "kw-map-circle",
      }).addTo(map);
      layer.getElement()?.setAttribute("data-circle-id", circle.id);
      return layer;
    });
    return () => layers.forEach((layer) => layer.remove());
  }, [instance, circles]);
}

/** The popup: opened on its marker with the portal's element as content; focus moves into it. */
function usePopup(
  instance: Instance | null,
  popupMarkerId: string | undefined,
  popupElement: HTMLDivElement,
  closeLabel: string,
  markersRef: MarkerEntries,
  latest: Latest,
) {
  React.useEffect(() => {
    if (!instance || !popupMarkerId) return;
    const entry = markersRef.current.get(popupMarkerId);
    if (!entry) return;
    const shape = (entry.marker.options.icon?.options as { shape?: MapMarkerSpec["shape"] } | undefined)?.shape ?? "dot";
    const popup = instance.L.popup({
      maxWidth: 280,
      minWidth: 200,
      autoPanPadding: [24, 24],
      offset: [...MARKER_GEOMETRY[shape].popupOffset],
      className: "kw-popup",
    })
      .setLatLng(entry.marker.getLatLng())
      .setContent(popupElement);
    const onRemove = () => {
      // Closed by the user (close button, Escape, a click on the map): give focus back.
      if (popupElement.contains(document.activeElement)) entry.marker.getElement()?.focus();
      latest.current.onPopupClose?.();
    };
    popup.on("remove", onRemove);
    popup.openOn(instance.map);
    const close = popup.getElement()?.querySelector(".leaflet-popup-close-button");
    close?.setAttribute("aria-label", closeLabel);
    close?.setAttribute("title", closeLabel);
    // Focus moves into the popup. While the map pans to show it (autoPan, a quarter of a
    // second; at once for a visitor who asked for less motion), Chromium refuses focus to
    // its link, so focus is tried again on each frame, for at most a second.
    // Not once the user has moved focus elsewhere.
    let frame = 0;
    const until = performance.now() + 1000;
    const from = document.activeElement;
    const focusInside = () => {
      popupElement.querySelector<HTMLElement>("a, button")?.focus({ preventScroll: true });
      const waiting = document.activeElement === from || document.activeElement === document.body;
      if (waiting && performance.now() < until) frame = requestAnimationFrame(focusInside);
    };
    focusInside();
    return () => {
      cancelAnimationFrame(frame);
      popup.off("remove", onRemove);
      popup.remove();
    };
  }, [instance, popupMarkerId, popupElement, closeLabel, markersRef, latest]);
}

function markerLook(spec: MapMarkerSpec): string {
  return JSON.stringify([spec.shape, spec.color, spec.title, spec.testId ?? "", spec.data ?? {}]);
}

function createIcon(L: LeafletLib, spec: MapMarkerSpec): Leaflet.DivIcon {
  const geometry = MARKER_GEOMETRY[spec.shape];
  const icon = L.divIcon({
    className: "kw-marker",
    html: markerInnerHtml(spec),
    iconSize: [...geometry.size],
    iconAnchor: [...geometry.anchor],
  });
  // Remembered for the popup offset.
  (icon.options as { shape?: MapMarkerSpec["shape"] }).shape = spec.shape;
  return icon;
}

/** Accessible name, test id and data attributes on the focusable marker element. */
function decorate(marker: Leaflet.Marker, spec: MapMarkerSpec) {
  const element = marker.getElement();
  if (!element) return;
  element.setAttribute("aria-label", spec.title);
  if (spec.testId) element.setAttribute("data-testid", spec.testId);
  element.setAttribute("data-marker-id", spec.id);
  for (const [key, value] of Object.entries(spec.data ?? {})) element.setAttribute(`data-${key}`, value);
}

function positionsKey(markers: MapMarkerSpec[]): string {
  return markers
    .map((m) => `${m.position.lat},${m.position.lng}`)
    .sort()
    .join(";");
}

function fitTo(L: LeafletLib, map: Leaflet.Map, key: string) {
  const points = parsePositionsKey(key).map((p) => L.latLng(p.lat, p.lng));
  // Not animated: an animation still running would swallow a popup's auto-pan.
  map.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: FIT_MAX_ZOOM, animate: false });
}

function parsePositionsKey(key: string): LatLng[] {
  return key.split(";").map((pair) => {
    const [lat, lng] = pair.split(",").map(Number);
    return { lat: lat ?? 0, lng: lng ?? 0 };
  });
}

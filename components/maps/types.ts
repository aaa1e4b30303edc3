import type { ReactNode } from "react";
import type { ProductCondition } from "@/lib/domains/catalog/client";
import type { LatLng } from "@/lib/domains/geo/client";

export type { LatLng };

/** The selected location ({id, address}) plus its coordinates. */
export type SelectedLocation = { id: string; address: string; lat: number; lng: number };

/** One product on the products map; only numeric lat and lng get a marker. */
export type MapProduct = {
  id: string;
  title: string;
  /** Euros. */
  price: number;
  condition: ProductCondition;
  image: string | null;
  lat: number | null | undefined;
  lng: number | null | undefined;
};

/** The map's loading states (docs/catalog.md). */
export type MapStatus = "not_loaded" | "loading" | "loaded" | "failed" | "auth_failure";
export type MapEngineName = "google" | "leaflet";

/** A marker, described the same way for both engines. */
export type MapMarkerSpec = {
  id: string;
  position: LatLng;
  /** CSS colour of the pin or dot. */
  color: string;
  /** "pin" is the picker's teardrop, "dot" a round product marker. */
  shape: "pin" | "dot";
  /** Accessible name and tooltip. */
  title: string;
  draggable?: boolean;
  testId?: string;
  /** Extra data-* attributes on the marker element (without the "data-" prefix). */
  data?: Record<string, string>;
};

export type MapCircleSpec = { id: string; center: LatLng; radiusM: number; color: string };

/** Ask the map to move: applied whenever `seq` changes. */
export type MapViewRequest = { center: LatLng; zoom?: number; seq: number };

export type MapPopup = { markerId: string; content: ReactNode };

/** What both engines draw; MapView adds the engine choice and the frame. */
export type MapEngineProps = {
  center: LatLng;
  zoom: number;
  height: number;
  markers: MapMarkerSpec[];
  circles: MapCircleSpec[];
  /** Fit the view to the markers (once per distinct set of positions). */
  fitToMarkers: boolean;
  view?: MapViewRequest;
  popup?: MapPopup | null;
  onMapClick?: (position: LatLng) => void;
  onMarkerClick?: (markerId: string) => void;
  onMarkerDragEnd?: (markerId: string, position: LatLng) => void;
  onPopupClose?: () => void;
  onStatus: (status: MapStatus) => void;
};

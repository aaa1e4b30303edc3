/**
 * The look of a marker, shared by both engines: Leaflet takes HTML strings (divIcon),
 * Google advanced markers take elements. Colours come from our own constants, never from
 * user input, but are still checked so the HTML cannot be broken.
 */
import type { MapMarkerSpec } from "./types";

const SAFE_COLOR = /^(#[0-9a-f]{3,8}|[a-z]+|(rgb|hsl|oklch)a?\([0-9.,%\s/]+\))$/i;

export function safeColor(color: string): string {
  return SAFE_COLOR.test(color) ? color : "#2563eb";
}

export function markerInnerHtml(spec: Pick<MapMarkerSpec, "shape" | "color">): string {
  return `<span class="kw-marker-${spec.shape}" style="--kw-marker-color:${safeColor(spec.color)}"></span>`;
}

/** Icon box size, the point of the box that sits on the position, and where popups open. */
export const MARKER_GEOMETRY = {
  // A 32 px square turned 45°: its sharp corner (the tip) ends 39 px below the top.
  pin: { size: [32, 32], anchor: [16, 39], popupOffset: [0, -32] },
  dot: { size: [22, 22], anchor: [11, 11], popupOffset: [0, -6] },
} as const satisfies Record<MapMarkerSpec["shape"], Record<string, readonly [number, number]>>;

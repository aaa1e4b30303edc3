/**
 * The browser's side of the geocoding API (app/api/geocode*, app/api/reverse-geocode):
 * same-origin fetches with the session cookie. Every outcome becomes a value the picker
 * can translate; nothing here throws.
 */
import type { LatLng, SelectedLocation } from "./types";
import { api, apiResult } from "@/components/lib/api-client";

export type GeoFailure =
  /** success: false, or a 422: the "not found" messages of docs/catalog.md. */
  | "not_found"
  | "unauthorized"
  | "rate_limited"
  | "unavailable"
  | "network"
  | "error";

export type GeoOutcome = { ok: true; location: SelectedLocation } | { ok: false; reason: GeoFailure };

export type Suggestion = { id: string; label: string; type?: string };

type GeocodeBody = {
  success?: boolean;
  coordinates?: { lat?: unknown; lng?: unknown };
  formatted_address?: unknown;
  location_id?: unknown;
};

type ReverseBody = { success?: boolean; address?: unknown; location_id?: unknown };

/** The status and JSON body of a POST; null when it never reached the server. */
async function postJson(url: string, body: unknown): Promise<{ status: number; json: unknown } | null> {
  const result = await apiResult<unknown>(url, { json: body });
  if (result.ok) return { status: 200, json: result.data };
  return result.status === 0 ? null : { status: result.status, json: result.error.body };
}

function failureOf(status: number): GeoFailure {
  if (status === 401) return "unauthorized";
  if (status === 422 || status === 404) return "not_found";
  if (status === 429) return "rate_limited";
  if (status === 502 || status === 503 || status === 504) return "unavailable";
  return "error";
}

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** POST /api/geocode {address}. Callers ignore blank addresses before calling. */
export async function geocodeAddress(address: string): Promise<GeoOutcome> {
  const result = await postJson("/api/geocode", { address });
  if (!result) return { ok: false, reason: "network" };
  const body = (result.json ?? {}) as GeocodeBody;
  if (result.status >= 200 && result.status < 300) {
    const lat = body.coordinates?.lat;
    const lng = body.coordinates?.lng;
    if (body.success && isNumber(lat) && isNumber(lng) && typeof body.location_id === "string") {
      const formatted = typeof body.formatted_address === "string" ? body.formatted_address : address;
      return { ok: true, location: { id: body.location_id, address: formatted, lat, lng } };
    }
    return { ok: false, reason: "not_found" };
  }
  return { ok: false, reason: failureOf(result.status) };
}

/** POST /api/reverse-geocode {lat, lng}; the location keeps the coordinates asked for. */
export async function reverseGeocode(position: LatLng): Promise<GeoOutcome> {
  const result = await postJson("/api/reverse-geocode", { lat: position.lat, lng: position.lng });
  if (!result) return { ok: false, reason: "network" };
  const body = (result.json ?? {}) as ReverseBody;
  if (result.status >= 200 && result.status < 300) {
    if (body.success && typeof body.address === "string" && typeof body.location_id === "string") {
      return { ok: true, location: { id: body.location_id, address: body.address, ...position } };
    }
    return { ok: false, reason: "not_found" };
  }
  return { ok: false, reason: failureOf(result.status) };
}

/** GET /api/geocode/suggest?q=: type-ahead; any failure is just "no suggestions". */
export async function fetchSuggestions(query: string, signal: AbortSignal): Promise<Suggestion[]> {
  try {
    const body = await api<{ suggestions?: unknown } | null>(`/api/geocode/suggest?q=${encodeURIComponent(query)}`, { signal });
    if (!Array.isArray(body?.suggestions)) return [];
    return body.suggestions.filter(
      (s): s is Suggestion =>
        typeof s === "object" && s !== null && typeof (s as Suggestion).id === "string" && typeof (s as Suggestion).label === "string",
    );
  } catch {
    return [];
  }
}

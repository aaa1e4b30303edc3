/**
 * The browser side of the shipping API, through the one API client: the sizes
 * and prices, service points near a postcode, the buyer's last destination, the seller's
 * label and the test provider's next event. Every call answers an ApiResult; none throws.
 */
import { apiResult, type ApiResult } from "@/components/lib/api-client";
import type { OrderJson } from "@/components/orders/order-api";
import type { SavedDestination, ServicePoint, ShippingCountry, ShippingOptions, TestEvent } from "./types";

let optionsCache: Promise<ApiResult<ShippingOptions>> | null = null;

/** GET /api/shipping/options, once per page (the prices live in code on the server). */
export function fetchShippingOptions(): Promise<ApiResult<ShippingOptions>> {
  if (!optionsCache) {
    optionsCache = apiResult<ShippingOptions>("/api/shipping/options").then((result) => {
      if (!result.ok) optionsCache = null;
      return result;
    });
  }
  return optionsCache;
}

export function fetchServicePoints(postcode: string, country: ShippingCountry, signal?: AbortSignal) {
  const query = new URLSearchParams({ postcode, country });
  return apiResult<{ service_points: ServicePoint[] }>(`/api/shipping/service-points?${query}`, { signal });
}

export function fetchSavedDestination(signal?: AbortSignal) {
  return apiResult<SavedDestination>("/api/shipping/address", { signal, loginOn401: false });
}

/** POST /api/transactions/{id}/shipment: the seller makes the label; the order with its shipment. */
export function createShipment(orderId: string) {
  return apiResult<OrderJson>(`/api/transactions/${encodeURIComponent(orderId)}/shipment`, { method: "POST", json: {} });
}

/** POST /api/shipping/test/{shipment}/{event}: the test provider's carrier scan. */
export function advanceTestShipment(shipmentId: string, event: TestEvent) {
  return apiResult<OrderJson>(`/api/shipping/test/${encodeURIComponent(shipmentId)}/${event}`, { method: "POST", json: {} });
}

/**
 * The test shipping provider: the embedded default while MYPARCEL_API_KEY is unset. No
 * network at all.
 * - createShipment: the tracking code is "3STEST" + 10 digits derived from the reference
 *   (SHA-256), so a repeat gets the same code (idempotent without any state). The tracking
 *   URL is our own orders page, `${APP_URL}/orders?tracking={code}` (there is no carrier to look it up at; the order card shows the tracking).
 * - label: a real A6 PDF drawn by ./test-label.ts, marked as a test label.
 * - servicePoints: the offline fixture ./service-points.fixture.ts (test data), nearest
 *   first from the area of the searched postcode, in that country only.
 * - shipmentState: not supported. The provider keeps no state; the core moves a test
 *   shipment with its own endpoint (POST /api/shipping/test/{id}/{event}), so there is
 *   nothing to confirm here. It throws ShipmentStateUnsupportedError.
 * - parseWebhook: the test provider has no webhooks; every body is a WebhookPayloadError.
 */
import { createHash } from "node:crypto";
import { drawTestLabel } from "./test-label";
import { carrierFor } from "./prices";
import { postcodeArea, TEST_SERVICE_POINTS } from "./service-points.fixture";
import { WebhookPayloadError, type ServicePoint, type ShippingProvider } from "./types";

export const TEST_TRACKING_PREFIX = "3STEST";
export const MAX_SERVICE_POINTS = 20;

export class ShipmentStateUnsupportedError extends Error {
  constructor(provider: string) {
    super(`The ${provider} shipping provider keeps no shipment state: the core's test endpoint moves test shipments`);
    this.name = "ShipmentStateUnsupportedError";
  }
}

/** "3STEST" + 10 digits, the same for the same reference. */
export function testTrackingCode(reference: string): string {
  const digest = createHash("sha256").update(`kringwaar-test-shipment:${reference}`).digest();
  const digits = (digest.readBigUInt64BE(0) % 10_000_000_000n).toString().padStart(10, "0");
  return `${TEST_TRACKING_PREFIX}${digits}`;
}

const EARTH_RADIUS_M = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const h =
    Math.sin(radians(b.lat - a.lat) / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(Math.min(1, h)));
}

export function createTestShippingProvider(options: { appUrl: string }): ShippingProvider {
  const appUrl = options.appUrl.replace(/\/+$/, "");
  return {
    name: "test",
    carrierFor,
    async createShipment(input) {
      if (!input.address === !input.servicePoint) {
        throw new RangeError("A shipment needs exactly one of address and servicePoint");
      }
      const trackingCode = testTrackingCode(input.reference);
      return {
        // The test provider's shipment id is its tracking code: stable, and unique per reference.
        providerShipmentId: trackingCode,
        carrier: input.carrier,
        trackingCode,
        trackingUrl: `${appUrl}/orders?tracking=${trackingCode}`,
      };
    },
    async createReturnShipment(input) {
      const trackingCode = testTrackingCode(input.reference);
      return { providerShipmentId: trackingCode, carrier: input.carrier, trackingCode, trackingUrl: `${appUrl}/orders?tracking=${trackingCode}` };
    },
    label: drawTestLabel,
    async servicePoints({ postcode, country, carrier }) {
      const area = postcodeArea(postcode, country);
      if (!area) return [];
      return TEST_SERVICE_POINTS.filter(
        (point) => point.address.country === country && (!carrier || point.carrier === carrier),
      )
        .map((point): ServicePoint => ({ ...point, distance_m: Math.round(distanceMetres(area, point.position)) }))
        .sort((a, b) => a.distance_m! - b.distance_m! || a.id.localeCompare(b.id))
        .slice(0, MAX_SERVICE_POINTS);
    },
    async shipmentState() {
      throw new ShipmentStateUnsupportedError("test");
    },
    parseWebhook() {
      throw new WebhookPayloadError("The test shipping provider has no webhooks");
    },
  };
}

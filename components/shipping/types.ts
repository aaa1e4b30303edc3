/**
 * The shipping API's shapes as the web UI reads them (docs/shipping.md): the
 * sizes and prices of GET /api/shipping/options, service points, the buyer's last
 * destination, and what an order and a product carry about shipping. Euros throughout.
 * Types only: safe on both sides. The domain's own types come from its client entry.
 */
import type { Address, Country, DeliveryMethod, ParcelSize, ServicePoint, ShipmentStatus } from "@/lib/domains/shipping/client";
import { formatPostcode, normalizePostcode } from "@/lib/domains/geo/client";

export type { DeliveryMethod, ParcelSize, ServicePoint, ShipmentStatus };
export type ShippingCountry = Country;

export const DELIVERY_METHODS: readonly DeliveryMethod[] = ["pickup", "shipping"];
export const PARCEL_SIZES: readonly ParcelSize[] = ["mailbox", "parcel", "large"];
export const SHIPPING_COUNTRIES: readonly ShippingCountry[] = ["NL", "BE"];
/** The test provider's events, in the order a parcel goes through them. */
export const TEST_EVENTS = ["in_transit", "delivered"] as const;
export type TestEvent = "in_transit" | "delivered" | "returned" | "lost";

/** One size of GET /api/shipping/options. */
export type ShippingSizeOption = {
  size: ParcelSize;
  max_weight_kg: number;
  max_dimensions_cm: { length: number; width: number; height: number };
  prices: Record<ShippingCountry, number>;
  carriers: Record<ShippingCountry, string>;
};

export type ShippingOptions = { provider: "test" | "myparcel"; sizes: ShippingSizeOption[] };

export type ShippingAddress = Address;

/** GET /api/shipping/address: the buyer's last destination. */
export type SavedDestination = { address: ShippingAddress | null; service_point: ServicePoint | null };

export type Shipment = {
  id: string;
  carrier: string;
  status: ShipmentStatus;
  tracking_code: string | null;
  tracking_url: string | null;
  ship_by: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  claim_until: string | null;
  events: { at: string; status: ShipmentStatus }[];
  /** The seller only. */
  label_url?: string | null;
};

/** What an order's JSON adds for shipping (all optional: older answers lack them). */
export type OrderShipping = {
  delivery_method?: DeliveryMethod;
  shipping_amount?: number | null;
  ship_by?: string | null;
  shipping_address?: ShippingAddress | null;
  service_point?: ServicePoint | null;
  shipment?: Shipment | null;
};

/** What a product's JSON adds for shipping. */
export type ProductShipping = {
  delivery_options?: DeliveryMethod[];
  parcel_size?: ParcelSize | null;
  shipping_price?: number | null;
  shipping_prices?: Record<ShippingCountry, number> | null;
};

/** The destination a checkout sends (the body's shipping fields). */
export type CheckoutDelivery =
  | { delivery_method: "pickup" }
  | { delivery_method: "shipping"; shipping_address: ShippingAddress }
  | { delivery_method: "shipping"; service_point_id: string; recipient_name: string };

/** The listing's delivery as a product's JSON has it (default: pickup only). */
export function deliveryOf(product: ProductShipping): { pickup: boolean; shipping: boolean } {
  const options = Array.isArray(product.delivery_options) && product.delivery_options.length ? product.delivery_options : ["pickup"];
  return { pickup: options.includes("pickup"), shipping: options.includes("shipping") };
}

/**
 * The postcode as a shipping address carries it, or null: Dutch "1234 AB" by the geo
 * domain's one postcode rule (no SA, SD or SS), a Belgian code as its four digits.
 */
export function shippingPostcode(raw: string, country: ShippingCountry): string | null {
  if (country === "NL") {
    const postcode = normalizePostcode(raw);
    return postcode ? formatPostcode(postcode) : null;
  }
  const text = raw.trim().replace(/\s+/g, "");
  return /^[1-9]\d{3}$/.test(text) ? text : null;
}

const CARRIER_NAMES: Record<string, string> = { postnl: "PostNL", dhl: "DHL", bpost: "bpost" };

/** "postnl" → "PostNL"; an unknown carrier as the API wrote it. */
export function carrierName(carrier: string): string {
  return CARRIER_NAMES[carrier.toLowerCase()] ?? carrier;
}

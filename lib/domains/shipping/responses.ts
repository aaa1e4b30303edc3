/**
 * The JSON the shipping routes answer with, and the shipping and return parts of order
 * JSON, as zod output schemas: the serializers are typed by them and the OpenAPI document
 * shows them, so the two cannot drift (docs/shipping.md, docs/returns.md). Money in euros.
 */
import { z } from "zod";

const iso = z.string().describe("ISO 8601");
const euros = z.number().describe("Euros, at most 2 decimals");
const country = z.enum(["NL", "BE"]);
const carrier = z.string().describe("postnl, dhl or bpost");
const shipmentStatus = z.enum(["label_created", "in_transit", "delivered", "returned", "lost"]);
const parcelSize = z.enum(["mailbox", "parcel", "large"]);
const returnStatus = z.enum(["label_created", "in_transit", "delivered", "accepted", "disputed", "refunded", "expired"]);

/** A home address the buyer gave at checkout. */
export const shippingAddressJson = z.object({
  name: z.string(),
  street: z.string(),
  house_number: z.string(),
  house_number_suffix: z.string().nullable(),
  postcode: z.string().describe("NL \"1234 AB\", BE \"1000\""),
  city: z.string(),
  country,
});

export const servicePointJson = z.object({
  id: z.string().describe("Stable across calls: `${carrier}:${the carrier's location code}`; the checkout's service_point_id"),
  carrier: z.enum(["postnl", "dhl", "bpost"]),
  kind: z.enum(["service_point", "locker"]),
  name: z.string(),
  address: z.object({ street: z.string(), house_number: z.string(), postcode: z.string(), city: z.string(), country }),
  opening_hours: z.array(
    z.object({
      day: z.enum(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]),
      hours: z.array(z.string()).describe("e.g. [\"08:00-12:00\", \"13:00-18:00\"]; empty: closed that day"),
    }),
  ),
  position: z.object({ lat: z.number(), lng: z.number() }),
  distance_m: z.number().nullable().describe("Metres from the searched postcode; null when the provider does not say"),
});

/** The parcel once its label exists. */
export const shipmentJson = z.object({
  id: z.string().describe("The parcel's id (the test scans' shipment_id)"),
  carrier,
  status: shipmentStatus,
  size: parcelSize,
  tracking_code: z.string().nullable(),
  tracking_url: z.string().nullable(),
  ship_by: iso.nullable(),
  shipped_at: iso.nullable(),
  delivered_at: iso.nullable(),
  claim_until: iso.nullable().describe("Until then the buyer may report a problem (48 hours after the delivery scan)"),
  events: z.array(z.object({ at: iso, status: shipmentStatus })).describe("The tracking steps, oldest first"),
  label_url: z.string().nullable().describe("The label's PDF, for the seller only; null for everyone else"),
});

/** The shipping fields of order JSON; the destination for the buyer, admins and the seller of a paid order, else null. */
export const orderShippingJson = z.object({
  delivery_method: z.enum(["pickup", "shipping"]),
  shipping_amount: euros.describe("What the buyer paid for the parcel, on its first order; 0 otherwise"),
  parcel_id: z.string().nullable(),
  parcel_size: parcelSize.nullable(),
  ship_by: iso.nullable().describe("The seller ships by then (set at the payment)"),
  shipping_address: shippingAddressJson.nullable(),
  service_point: servicePointJson.nullable(),
  recipient_name: z.string().nullable(),
  shipment: shipmentJson.nullable().describe("Null until the label exists"),
});
export type OrderShippingJson = z.output<typeof orderShippingJson>;

/** The `return` of order JSON (docs/returns.md). */
export const returnJson = z.object({
  id: z.string(),
  reason: z.enum(["not_as_described", "withdrawal"]),
  status: returnStatus,
  shipment: z.object({
    id: z.string().describe("The return's id (the test scans' shipment_id)"),
    carrier,
    tracking_code: z.string(),
    tracking_url: z.string().nullable(),
    events: z.array(z.object({ at: iso, status: returnStatus })).describe("The return's steps, oldest first"),
  }),
  label_url: z.string().nullable().describe("The return label's PDF, for the buyer only; null for everyone else"),
  hand_in_by: iso.describe("The buyer hands the parcel in by then, or the return lapses"),
  inspect_until: iso.nullable().describe("The seller's inspection ends then (48 hours after the delivery scan); null until delivered"),
  refund: z.object({
    amount: euros.describe("What the buyer gets back when the return is accepted"),
    return_shipping: euros.describe("The label's price, taken off the refund; 0 when the platform pays it"),
  }),
  problem: z
    .object({ description: z.string().nullable(), photos: z.array(z.string()), reported_at: iso })
    .nullable()
    .describe("What the seller reported about the returned item; for the seller and admins, null for the buyer"),
});
export type ReturnJson = z.output<typeof returnJson>;

export const shippingOptionJson = z.object({
  size: parcelSize,
  max_weight_kg: z.number(),
  max_dimensions_cm: z.object({ length: z.number(), width: z.number(), height: z.number() }),
  prices: z.object({ NL: euros, BE: euros }).describe("What the buyer pays per destination country, in euros"),
  carriers: z.object({ NL: z.enum(["postnl", "dhl", "bpost"]), BE: z.enum(["postnl", "dhl", "bpost"]) }),
});
export type ShippingOptionJson = z.output<typeof shippingOptionJson>;

export const shippingOptionsJson = z.object({
  provider: z.enum(["test", "myparcel"]).describe("test: labels drawn by the app, scans from the test endpoint"),
  sizes: z.array(shippingOptionJson).describe("Smallest first"),
});

export const servicePointsJson = z.object({ service_points: z.array(servicePointJson).describe("Nearest first, at most 20") });
export type ServicePointsJson = z.output<typeof servicePointsJson>;

export const lastDestinationJson = z.object({
  address: shippingAddressJson.nullable().describe("The last home address, or null"),
  service_point: servicePointJson.nullable().describe("The last service point, or null"),
});
export type LastDestinationJson = z.output<typeof lastDestinationJson>;

export const senderAddressJson = z.object({
  street: z.string(),
  house_number: z.string(),
  house_number_suffix: z.string().nullable(),
  postcode: z.string().describe("\"1234 AB\""),
  city: z.string(),
  country: z.literal("NL"),
});
export type SenderAddressJson = z.output<typeof senderAddressJson>;

/** GET /api/shipping/sender-address: null until the seller gives one. */
export const senderAddressAnswerJson = z.object({ sender_address: senderAddressJson.nullable() });
export type SenderAddressAnswerJson = z.output<typeof senderAddressAnswerJson>;
/** PUT /api/shipping/sender-address: the address as stored (street and town from the address lookup). */
export const savedSenderAddressJson = z.object({ sender_address: senderAddressJson });
export type SavedSenderAddressJson = z.output<typeof savedSenderAddressJson>;

export const shippingWebhookJson = z.object({
  received: z.number().int().describe("Shipments the hook named"),
  applied: z.number().int().describe("Tracking steps that changed something"),
});
export type ShippingWebhookJson = z.output<typeof shippingWebhookJson>;

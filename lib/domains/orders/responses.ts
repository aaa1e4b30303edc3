/**
 * The JSON the order routes answer with, as zod output schemas: the serializer is typed
 * by them and the OpenAPI document shows them, so the two cannot drift. Money in euros;
 * the parcel's fields (shipment, tracking, addresses) and the return's steps are kept
 * open here: shipping and returns add to them.
 */
import { z } from "zod";
import { DELIVERY_STATUSES, ORDER_STATUSES } from "./states";

const iso = z.string().describe("ISO 8601");
const euros = z.number().describe("Euros, at most 2 decimals");

export const orderJson = z.looseObject({
  id: z.string(),
  created_at: iso,
  status: z.enum(ORDER_STATUSES),
  delivery_status: z.enum(DELIVERY_STATUSES),
  amount: euros,
  commission: euros.describe("The buyer protection fee"),
  total_amount: euros,
  currency: z.literal("eur"),
  auto_release_at: iso.nullable(),
  paid_at: iso.nullable(),
  delivery_confirmed_at: iso.nullable(),
  completed_at: iso.nullable(),
  cancelled_at: iso.nullable(),
  refunded_at: iso.nullable(),
  disputed_at: iso.nullable(),
  dispute_notes: z.string().nullable(),
  dispute_resolution: z.string().nullable(),
  flagged_for_admin: z.boolean(),
  role: z.enum(["buyer", "seller", "admin"]).describe("The caller's part in the order"),
  buyer_id: z.string(),
  seller_id: z.string(),
  buyer_name: z.string(),
  seller_name: z.string(),
  product_id: z.string(),
  product: z.object({ id: z.string(), title: z.string(), image: z.string().nullable() }),
  checkout_session_id: z.string().nullable(),
  checkout_url: z.string().nullable().describe("The buyer's open checkout of an unpaid order"),
  actions: z.array(z.string()).describe("What the caller may do now; pages show buttons from it"),
  pickup_code: z.string().nullable().describe("Only for the buyer, while the handover is pending"),
  dispute_photos: z.array(z.string()),
  return: z.looseObject({}).nullable().describe("The return's steps (docs/returns.md)"),
  partial_refund_offer: euros.nullable(),
  partial_refund: euros.nullable(),
  withdrawal: z.object({ until: iso, return_shipping: euros }).nullable(),
  pickup_address: z.string().nullable(),
  pickup_location: z
    .object({ coordinates: z.object({ lat: z.number(), lng: z.number() }), address: z.string(), approximate: z.boolean() })
    .nullable(),
});
export type DocumentedOrder = z.output<typeof orderJson>;

export const cartItemJson = z.object({
  product_id: z.string(),
  added_at: iso,
  product: z.object({
    id: z.string(),
    title: z.string(),
    price: euros,
    commission: euros.describe("The buyer protection fee of this item"),
    buyer_total: euros.describe("price + commission"),
    buyer_total_cents: z.number().int().describe("buyer_total in integer cents"),
    images: z.array(z.string()),
    status: z.string(),
    is_sold: z.boolean(),
    seller_id: z.string(),
    seller_name: z.string(),
    available: z.boolean().describe("False while sold, held by someone else's checkout, or the seller is gone"),
  }),
});

/** The cart; checkout adds the delivery per seller beside the items. */
export const cartJson = z.looseObject({ items: z.array(cartItemJson) });
export type CartJson = z.output<typeof cartJson>;

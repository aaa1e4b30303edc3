/**
 * The JSON the order routes answer with, as zod output schemas: the serializer is typed
 * by them and the OpenAPI document shows them, so the two cannot drift. Money in euros
 * unless a field says cents; the parcel's fields (shipment, tracking, destination) and
 * the return are the shipping domain's schemas.
 */
import { z } from "zod";
import type { CheckoutPaymentStatus, CheckoutStatus } from "@/lib/platform/db/generated/client";
import { orderShippingJson, returnJson } from "@/lib/domains/shipping";
import { DELIVERY_STATUSES, ORDER_STATUSES } from "./states";

const iso = z.string().describe("ISO 8601");
const euros = z.number().describe("Euros, at most 2 decimals");

export const orderJson = z.object({
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
  actions: z.array(z.string()).describe("What the caller may do now (cancel, confirm_delivery, dispute, handover, create_shipment, ...); pages show buttons from it; empty for admins"),
  pickup_code: z.string().nullable().describe("Only for the buyer, while the handover is pending"),
  dispute_photos: z.array(z.string()),
  return: returnJson.nullable().describe("The item on its way back (docs/returns.md); null without a return, or for anyone but the buyer, the seller and admins"),
  partial_refund_offer: euros.nullable().describe("The seller's offer of part of the price back, while it waits for the buyer"),
  partial_refund: euros.nullable().describe("The part refunded once the buyer accepted it"),
  withdrawal: z
    .object({ until: iso, return_shipping: euros.describe("The return label's price, taken off the refund") })
    .nullable()
    .describe("The buyer of a business seller's received order may withdraw until then; null otherwise"),
  pickup_address: z.string().nullable().describe("Where the item is picked up, once the caller may know it: exact for the seller and the buyer of a paid pickup, the town for the buyer of a paid shipped order; null otherwise"),
  pickup_location: z
    .object({ coordinates: z.object({ lat: z.number(), lng: z.number() }), address: z.string(), approximate: z.boolean() })
    .nullable(),
  ...orderShippingJson.shape,
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

/** The cart, oldest item first. */
export const cartJson = z.object({ items: z.array(cartItemJson) });
export type CartJson = z.output<typeof cartJson>;

const CHECKOUT_STATUSES = ["open", "complete", "expired"] as const satisfies readonly CheckoutStatus[];
const CHECKOUT_PAYMENT_STATUSES = ["unpaid", "paid", "failed"] as const satisfies readonly CheckoutPaymentStatus[];

/** A checkout started: the buyer goes on to `checkout_url`; the items are reserved meanwhile. */
export const checkoutJson = z.object({
  checkout_url: z.string().describe("The payment provider's hosted page"),
  session_id: z.string().describe("The checkout's id for checkout-status, cancel-checkout and /payment-success"),
  transaction_ids: z.array(z.string()).describe("One order per item, in the order asked for"),
});
export type CheckoutJson = z.output<typeof checkoutJson>;

export const checkoutStatusJson = z.object({
  session_id: z.string(),
  status: z.enum(CHECKOUT_STATUSES).describe("open while it can still be paid; complete once paid; expired once cancelled, failed or past its time"),
  payment_status: z.enum(CHECKOUT_PAYMENT_STATUSES),
  amount_total: z.number().int().describe("The whole payment in integer cents (items, fees and shipping)"),
  currency: z.string().describe("eur"),
  transaction_id: z.string().nullable().describe("The first order's id"),
  transaction_ids: z.array(z.string()),
  checkout_url: z.string().nullable().describe("The provider's page while the checkout can still be paid (a second try); null once it ended"),
  products: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type CheckoutStatusJson = z.output<typeof checkoutStatusJson>;

/** What the test provider's checkout page shows. */
export const testCheckoutJson = checkoutStatusJson.extend({
  expires_at: iso,
  items: z.array(
    z.object({
      product_id: z.string(),
      title: z.string(),
      image: z.string().nullable(),
      amount: euros,
      commission: euros.describe("The buyer protection fee"),
      shipping: euros.describe("The parcel's shipping, on its first order; 0 otherwise"),
    }),
  ),
});
export type TestCheckoutJson = z.output<typeof testCheckoutJson>;

/** A test provider's button pressed, for JSON clients (Accept: application/json). */
export const testCheckoutActionJson = checkoutStatusJson.extend({
  redirect_url: z.string().describe("Where Stripe would send the browser next"),
});
export type TestCheckoutActionJson = z.output<typeof testCheckoutActionJson>;

export const payoutAccountJson = z.object({
  provider: z.enum(["stripe", "test"]),
  required: z.boolean().describe("Whether a seller needs a payout account to be paid (Stripe only)"),
  connected: z.boolean().describe("Whether the seller has started one"),
  details_submitted: z.boolean(),
  payouts_enabled: z.boolean(),
});
export type PayoutAccountJson = z.output<typeof payoutAccountJson>;

export const payoutOnboardingJson = z.object({ url: z.string().describe("Stripe's onboarding page; it sends the seller back to the dashboard") });
export type PayoutOnboardingJson = z.output<typeof payoutOnboardingJson>;

/** Stripe's event was taken (or had been before: each is processed once). */
export const stripeWebhookJson = z.object({ received: z.literal(true) });

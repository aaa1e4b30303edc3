/** Inputs of the cart, checkout and order endpoints (docs/payments.md). */
import { z } from "zod";
import type { DeliveryRequest } from "@/lib/domains/shipping";
import { pageQuerySchema } from "@/lib/domains/catalog/schemas";
import { ORDER_FILTERS } from "./filters";
import { DELIVERY_METHODS, deliveryFields } from "@/lib/domains/shipping/schemas";

const id = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`);
const optionalUrl = z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().max(2000).optional());

export const productIdQuery = z.object({ product_id: id("product_id") });

/**
 * A price the buyer was shown, in euros (numbers, or numeric strings from a query), as
 * cents. Optional everywhere: the existing mobile apps do not send it.
 */
const shownEuros = (name: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v),
    z
      .number({ error: `${name} must be an amount in euros` })
      .finite(`${name} must be an amount in euros`)
      .min(0, `${name} must be an amount in euros`)
      .max(100_000_000, `${name} must be an amount in euros`)
      .transform((euros) => Math.round(euros * 100))
      .optional(),
  );

/** What the buyer saw: the item price (one-product checkouts) and the total (fees included). */
const shownPrice = { expected_price: shownEuros("expected_price"), expected_total: shownEuros("expected_total") };

/** POST /api/payment/create-checkout {product_id, expected_price?, expected_total?, delivery…} */
export const productCheckoutBody = z.object({ product_id: id("product_id"), origin_url: optionalUrl, ...shownPrice, ...deliveryFields });

/** POST /api/payments/create-checkout: product_id and origin_url in the query or the body. */
export const looseCheckoutQuery = z.object({ product_id: z.string().optional(), origin_url: optionalUrl, ...shownPrice });
export const looseCheckoutBody = z.object({ product_id: z.string().optional(), origin_url: optionalUrl, ...shownPrice, ...deliveryFields }).catchall(z.unknown());

/** The cart's checkout: per item {product_id: price in euros} and the total, both optional. */
export const cartCheckoutBody = z
  .object({
    origin_url: optionalUrl,
    expected_total: shownEuros("expected_total"),
    expected_prices: z
      .record(z.string().max(100), shownEuros("expected_prices"), { error: "expected_prices must map product ids to amounts in euros" })
      .optional()
      .refine((prices) => !prices || Object.keys(prices).length <= 100, "expected_prices has too many items"),
    ...deliveryFields,
    /** Per seller id: pickup or shipping for that seller's parcel; overrides delivery_method. */
    delivery_by_seller: z
      .record(z.string().max(100), z.enum(DELIVERY_METHODS, { error: "delivery_by_seller values must be pickup or shipping" }), {
        error: "delivery_by_seller must map seller ids to pickup or shipping",
      })
      .optional()
      .refine((choices) => !choices || Object.keys(choices).length <= 100, "delivery_by_seller has too many sellers"),
    /** Per product id, overrides delivery_by_seller and delivery_method (older clients). */
    delivery_methods: z
      .record(z.string().max(100), z.enum(DELIVERY_METHODS, { error: "delivery_methods values must be pickup or shipping" }), {
        error: "delivery_methods must map product ids to pickup or shipping",
      })
      .optional(),
  })
  .catchall(z.unknown());
export const cartCheckoutQuery = z.object({ origin_url: optionalUrl, expected_total: shownEuros("expected_total") });

export const NOTES_MAX = 2000;

/** POST /api/transactions/{id}/confirm-delivery */
export const confirmDeliveryBody = z.object({
  transaction_id: z.string().optional(),
  confirmation_type: z.enum(["delivered", "dispute"], { error: "confirmation_type must be delivered or dispute" }),
  notes: z.string().max(NOTES_MAX, `notes must be at most ${NOTES_MAX} characters`).nullish(),
  /** A reported problem's photos (URLs from the upload endpoint), at most 5. */
  photos: z.array(z.string().max(2000), { error: "photos must be a list of image URLs" }).max(5, "At most 5 photos").optional(),
});

/** POST /api/transactions/{id}/handover */
export const handoverBody = z.object({
  code: z
    .string({ error: "code is required" })
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "The pickup code has 6 digits")),
});

/** POST /api/admin/disputes/{id}/resolve */
export const resolveDisputeBody = z.object({
  resolution: z.enum(["release", "refund", "return"], { error: "resolution must be release, refund or return" }),
  note: z.string().trim().max(NOTES_MAX).nullish(),
});

export const ordersQuery = z
  .object({
    role: z.enum(["buyer", "seller"], { error: "role must be buyer or seller" }).optional(),
    /** Absent: every order, as the apps have always had them (lib/domains/orders/filters.ts). */
    status: z.enum(ORDER_FILTERS, { error: `status must be one of ${ORDER_FILTERS.join(", ")}` }).optional(),
  })
  .and(pageQuerySchema);

export const idParams = z.object({ id: z.string() });
export const sessionParams = z.object({ sessionId: z.string().min(1).max(300) });

/** The delivery request of a checkout body (lib/domains/shipping/parcels.ts). */
export function deliveryRequestOf(body: {
  delivery_method?: "pickup" | "shipping";
  delivery_methods?: Record<string, "pickup" | "shipping">;
  delivery_by_seller?: Record<string, "pickup" | "shipping">;
  shipping_address?: DeliveryRequest["address"];
  service_point_id?: string | null;
  recipient_name?: string | null;
}): DeliveryRequest {
  return {
    method: body.delivery_method,
    perSeller: body.delivery_by_seller,
    perProduct: body.delivery_methods,
    address: body.shipping_address ?? null,
    servicePointId: body.service_point_id ?? null,
    recipientName: body.recipient_name ?? null,
  };
}

/** POST /api/transactions/{id}/partial-refund {amount}: euros, at most 2 decimals. */
export const partialRefundBody = z.object({
  amount: z
    .number({ error: "amount must be a number of euros" })
    .positive("amount must be more than 0")
    .max(999_999, "amount is too high")
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "amount has at most 2 decimals")
    .transform((v) => Math.round(v * 100)),
});

/** POST /api/transactions/{id}/return/problem {description, photos} */
export const returnProblemBody = z.object({
  description: z.string({ error: "description is required" }).max(NOTES_MAX, `description must be at most ${NOTES_MAX} characters`),
  photos: z.array(z.string().max(2000), { error: "photos must be a list of image URLs" }).max(5, "At most 5 photos").default([]),
});

/**
 * The JSON the catalog routes answer with, as zod output schemas: the serializers are
 * typed by them and the OpenAPI document shows them, so the two cannot drift. Money in
 * euros (numbers with at most 2 decimals), times ISO 8601.
 */
import { z } from "zod";
import { CONDITIONS, DELIVERY_OPTIONS, PARCEL_SIZES, PRODUCT_STATUSES } from "./limits";

const euros = z.number().describe("Euros, at most 2 decimals");
const iso = z.string().describe("ISO 8601");

const pickupLocation = z.object({
  coordinates: z.object({ lat: z.number(), lng: z.number() }),
  address: z.string(),
  approximate: z.boolean().describe("True when the position is rounded and the address is only the place"),
});

export const productJson = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: euros,
  buyer_total: euros.describe("What the buyer pays for the item: price + the 5% buyer protection fee, shipping not included"),
  buyer_total_cents: z.number().int().describe("buyer_total in integer cents, exactly what a checkout of the item charges"),
  previous_price: euros.nullable().describe("The price before a drop of the last 7 days"),
  price_dropped_at: iso.nullable(),
  category: z.string(),
  category_en: z.string(),
  category_slug: z.string(),
  condition: z.enum(CONDITIONS),
  delivery_options: z.array(z.enum(DELIVERY_OPTIONS)),
  parcel_size: z.enum(PARCEL_SIZES).nullable(),
  shipping_price: euros.nullable().describe("To the Netherlands"),
  shipping_prices: z.object({ NL: euros, BE: euros }).nullable(),
  images: z.array(z.string()),
  thumbnails: z.array(z.string()),
  location_id: z.string().nullable(),
  pickup_location: pickupLocation.nullable(),
  pickup_address: z.string().nullable(),
  seller_id: z.string(),
  seller_name: z.string(),
  seller_email: z.string().nullable().describe("Only for the seller and admins"),
  seller_profile_image: z.string().nullable(),
  seller_rating: z.number(),
  seller_rating_count: z.number().int(),
  seller_is_business: z.boolean(),
  is_featured_seller: z.boolean(),
  is_featured: z.boolean(),
  is_sold: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
  created_at: iso,
  updated_at: iso,
  min_offer: euros.nullable().optional().describe("The seller's minimum offer: only for the seller and admins"),
  distance_km: z.number().optional().describe("Only when searching near a place"),
});
export type ProductJson = z.output<typeof productJson>;

/** The viewer's own deal with the product: their paid order, or their accepted offer. */
const yourDeal = z.union([
  z.object({ kind: z.literal("bought"), order_id: z.string(), status: z.string(), pickup: z.boolean() }),
  z.object({ kind: z.literal("offer"), offer_id: z.string(), amount: euros, amount_cents: z.number().int(), expires_at: iso }),
]);

export const productDetailJson = productJson.extend({
  reserved_for_you: z.boolean().describe("The caller's own unfinished checkout holds it"),
  your_deal: yourDeal.nullable(),
});

export const productListJson = z.array(productJson);

export const deletedJson = z.object({ id: z.string(), deleted: z.literal(true) });

/** GET /api/categories?with_counts=1: one category. */
export const categoryWithCountJson = z.object({
  name: z.string().describe("Dutch, the name products carry in category"),
  name_en: z.string(),
  slug: z.string(),
  product_count: z.number().int().describe("Listings for sale; may lag a minute"),
});
export type CategoryWithCount = z.output<typeof categoryWithCountJson>;

const rating = {
  rating_average: z.number().describe("0 to 5, 2 decimals; 0 without reviews"),
  rating_count: z.number().int(),
};

/** GET /api/featured-sellers: one top seller. */
export const featuredSellerJson = z.object({ id: z.string(), name: z.string(), profile_image: z.string().nullable(), ...rating, created_at: iso });
export type FeaturedSellerJson = z.output<typeof featuredSellerJson>;

/** GET /api/users/{id}/profile: public, so no e-mail or phone. */
export const sellerProfileJson = z.object({
  id: z.string(),
  name: z.string(),
  is_business_seller: z.boolean(),
  business_name: z.string().nullable(),
  profile_image: z.string().nullable(),
  created_at: iso,
  ...rating,
  is_featured_seller: z.boolean().describe("A top seller: rating 4.5 or more with at least 5 reviews"),
  product_count: z.number().int().describe("Listings for sale"),
  trader: z
    .object({
      business_name: z.string().nullable(),
      vat_number: z.string().nullable(),
      kvk_number: z.string().nullable(),
      business_address: z.string().nullable(),
      withdrawal_days: z.literal(14).describe("A consumer buying from a trader may withdraw within 14 days"),
    })
    .nullable()
    .describe("A business seller's trader details (EU consumer law, DSA); null for a private seller"),
  sales_count: z.number().int().describe("Completed sales"),
  response_minutes: z.number().int().nullable().describe("The seller's usual time to answer a message; null until known"),
  response_time: z.enum(["hour", "day", "days"]).nullable().describe("response_minutes in words: within an hour, a day, or longer"),
  last_active_at: iso.nullable(),
});
export type SellerProfileJson = z.output<typeof sellerProfileJson>;

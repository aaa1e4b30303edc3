/**
 * Product rows → the API's product JSON (docs/api.md), with the privacy rules of
 * docs/payments.md: the pickup address and exact position only for the seller and
 * the buyer of a paid order; the seller's email only for the seller and admins.
 */
import { approximatePosition } from "@/lib/domains/geo";
import { priceDropOf } from "./price-drop-view";
import { centsToEuro } from "@/lib/platform/money/cents";
import { isTopSeller, type Condition, type ProductStatus } from "./schemas";
import type { DeliveryOption, ParcelSizeName } from "./limits";
import { shippingPriceCents } from "@/lib/domains/shipping";
import type { ProductJson } from "./responses";
import { itemTotalCents } from "@/lib/domains/payments";

/** One product with everything its JSON needs, as `lib/domains/catalog/rows.ts` selects it. */
export type ProductRow = {
  id: string;
  title: string;
  description: string;
  price_cents: number;
  condition: Condition;
  delivery_options: DeliveryOption[];
  parcel_size: ParcelSizeName | null;
  status: ProductStatus;
  is_featured: boolean;
  created_at: Date;
  updated_at: Date;
  category_name: string;
  category_name_en: string;
  category_slug: string;
  location_id: string | null;
  location_address: string | null;
  location_city: string | null;
  location_postcode: string | null;
  location_lat: number | null;
  location_lng: number | null;
  seller_id: string;
  seller_name: string;
  seller_email: string;
  seller_profile_image: string | null;
  seller_is_business: boolean;
  seller_business_name: string | null;
  seller_deleted: boolean;
  rating_average: number;
  rating_count: number;
  /** The price before the last drop and when it dropped (lib/domains/catalog/price-drops.ts). */
  previous_price_cents: number | null;
  /** The seller's minimum offer (never shown to buyers). */
  min_offer_cents?: number | null;
  price_dropped_at: Date | null;
  images: { url: string; thumb_url: string | null }[];
  /** Only when searching near a place. */
  distance_km: number | null;
  /** How many products the search matched in all, when the page query counted them. */
  total_count: number | null;
};

/** Who is looking, as far as the JSON is concerned. */
export type Viewer = { id: string; isAdmin: boolean } | null;

/** What the viewer may see of one product. */
export type Visibility = { sellerEmail: boolean; exactPickup: boolean };

export function visibilityFor(row: Pick<ProductRow, "seller_id">, viewer: Viewer, paidBuyer: boolean): Visibility {
  const isSeller = viewer?.id === row.seller_id;
  return { sellerEmail: isSeller || viewer?.isAdmin === true, exactPickup: isSeller || paidBuyer };
}

export const ANONYMOUS_SELLER = "Anonymous";

export function serializeProduct(row: ProductRow, visibility: Visibility): ProductJson {
  const pickup = pickupOf(row, visibility.exactPickup);
  const sellerKnown = !row.seller_deleted && row.seller_name.trim() !== "";
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: centsToEuro(row.price_cents),
    // What the buyer pays for the item at checkout (price + the 5 % fee): in euros like
    // `price`, and in integer cents for clients that compute with it.
    buyer_total: centsToEuro(itemTotalCents(row.price_cents)),
    buyer_total_cents: itemTotalCents(row.price_cents),
    ...priceDropOf(row),
    category: row.category_name,
    category_en: row.category_name_en,
    category_slug: row.category_slug,
    condition: row.condition,
    ...deliveryOf(row),
    images: row.images.map((image) => image.url),
    thumbnails: row.images.map((image) => image.thumb_url ?? image.url),
    location_id: row.location_id,
    pickup_location: pickup.location,
    pickup_address: pickup.address,
    seller_id: row.seller_id,
    seller_name: sellerKnown ? row.seller_name : ANONYMOUS_SELLER,
    seller_email: visibility.sellerEmail && sellerKnown ? row.seller_email : null,
    seller_profile_image: sellerKnown ? row.seller_profile_image : null,
    seller_rating: roundRating(row.rating_average),
    seller_rating_count: row.rating_count,
    seller_is_business: sellerKnown && row.seller_is_business,
    is_featured_seller: sellerKnown && isTopSeller(row.rating_average, row.rating_count),
    is_featured: row.is_featured,
    is_sold: row.status === "sold",
    status: row.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    // The seller's own minimum offer: for the seller (and admins) only, never for buyers.
    ...(visibility.sellerEmail ? { min_offer: row.min_offer_cents == null ? null : centsToEuro(row.min_offer_cents) } : {}),
    ...(row.distance_km === null ? {} : { distance_km: Math.round(row.distance_km * 10) / 10 }),
  };
}

export type { ProductJson };

/** How the item reaches the buyer; shipping prices in euros (to NL, and per country). */
function deliveryOf(row: Pick<ProductRow, "delivery_options" | "parcel_size">) {
  const size = row.delivery_options.includes("shipping") ? row.parcel_size : null;
  return {
    delivery_options: row.delivery_options,
    parcel_size: size,
    shipping_price: size ? centsToEuro(shippingPriceCents(size, "NL")) : null,
    shipping_prices: size ? { NL: centsToEuro(shippingPriceCents(size, "NL")), BE: centsToEuro(shippingPriceCents(size, "BE")) } : null,
  };
}

type Pickup = {
  location: {
    coordinates: { lat: number; lng: number };
    address: string;
    /** True when the position is rounded and the address is only the place. */
    approximate: boolean;
  } | null;
  address: string | null;
};

/** The parts of a pickup location its public view is made of. */
export type PickupSource = { address: string | null; city: string | null; postcode: string | null; lat: number; lng: number };

/**
 * The exact address and position for those entitled to them; everyone else gets the
 * place (city) and a rounded position that does not point at a front door. Products and
 * orders both show their pickup location through this.
 */
export function pickupView(location: PickupSource | null, exact: boolean): Pickup {
  if (location === null) return { location: null, address: null };
  if (exact) {
    const address = location.address ?? placeOf(location);
    return {
      location: { coordinates: { lat: location.lat, lng: location.lng }, address, approximate: false },
      address,
    };
  }
  const place = placeOf(location);
  return {
    location: { coordinates: approximatePosition(location.lat, location.lng), address: place, approximate: true },
    address: place,
  };
}

function pickupOf(row: ProductRow, exact: boolean): Pickup {
  if (row.location_id === null || row.location_lat === null || row.location_lng === null) return pickupView(null, exact);
  return pickupView(
    { address: row.location_address, city: row.location_city, postcode: row.location_postcode, lat: row.location_lat, lng: row.location_lng },
    exact,
  );
}

/** The public part of an address: the city, else the postcode's four digits (the area). */
function placeOf(location: Pick<PickupSource, "city" | "postcode">): string {
  const city = location.city?.trim();
  if (city) return city;
  const area = location.postcode?.match(/^\d{4}/)?.[0];
  return area ?? "Nederland";
}

/** Averages with two decimals: enough for stars and half stars. */
export function roundRating(average: number): number {
  return Math.round(average * 100) / 100;
}

/**
 * What a product card, a grid and the products map need of a product: a small slice of
 * the product JSON, so server pages hand client components kilobytes, not descriptions.
 * Pure; safe on both sides.
 */
import type { ProductCondition } from "@/lib/domains/catalog/client";
import type { ProductStatus } from "@/lib/domains/catalog/client";
import type { ProductJson } from "@/lib/domains/catalog/client";
import type { MapProduct } from "@/components/maps/types";
import { deliveryOf, type ProductShipping } from "@/components/shipping/types";

export type CardProduct = {
  id: string;
  title: string;
  /** Euros. */
  price: number;
  /** What the buyer pays for the item: the price plus the 5 % fee (cents, the API's `buyer_total_cents`). */
  buyerTotal: number;
  condition: ProductCondition;
  /** The main picture's thumbnail (or the picture), null when the product has none. */
  image: string | null;
  /** The pickup place (only the town before payment, docs/payments.md). */
  place: string | null;
  status: ProductStatus;
  /** The seller (a card's buy button is hidden on your own listings). */
  sellerId: string;
  /** The pickup position as the API gave it to this viewer (approximate unless entitled). */
  lat: number | null;
  lng: number | null;
  /** The price before a recent drop (euros), struck through on the card; null otherwise. */
  previousPrice?: number | null;
  /** Shipping to NL (euros) when the seller ships it; null otherwise. */
  shippingPrice?: number | null;
  /** False when the seller only ships. */
  pickup?: boolean;
  /** Kilometres from the place searched near (the API gives it for near searches only). */
  distanceKm?: number | null;
};

/** The fields of the API's product JSON that cards use (so API responses fit as well). */
export type CardSource = Pick<ProductJson, "id" | "title" | "price" | "buyer_total_cents" | "condition" | "images" | "thumbnails" | "pickup_location" | "status" | "seller_id"> &
  Partial<Pick<ProductJson, "previous_price" | "distance_km">> &
  ProductShipping;

export { PRODUCT_PLACEHOLDER_IMAGE } from "./product-placeholder";

export function toCardProduct(product: CardSource): CardProduct {
  return {
    id: product.id,
    title: product.title,
    price: product.price,
    buyerTotal: product.buyer_total_cents,
    condition: product.condition,
    image: product.thumbnails[0] ?? product.images[0] ?? null,
    place: product.pickup_location?.address ?? null,
    status: product.status,
    sellerId: product.seller_id,
    lat: product.pickup_location?.coordinates.lat ?? null,
    lng: product.pickup_location?.coordinates.lng ?? null,
    previousPrice: product.previous_price ?? null,
    distanceKm: product.distance_km ?? null,
    ...cardDelivery(product),
  };
}

/** The card's delivery line: pickup, and shipping with its price (NL). */
function cardDelivery(product: ProductShipping): { shippingPrice: number | null; pickup: boolean } {
  const offered = deliveryOf(product);
  return { shippingPrice: offered.shipping ? (product.shipping_price ?? product.shipping_prices?.NL ?? null) : null, pickup: offered.pickup };
}

export function toMapProduct(product: CardProduct): MapProduct {
  const { id, title, price, condition, image, lat, lng } = product;
  return { id, title, price, condition, image, lat, lng };
}

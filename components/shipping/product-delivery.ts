/**
 * One product's delivery for the delivery dialog, read from its JSON (GET
 * /api/products/{id}): for the buttons that know only the product's id (an accepted
 * offer's "Buy for € x").
 */
import { apiResult } from "@/components/lib/api-client";
import type { CheckoutItem } from "./checkout-totals";
import { deliveryOf, type ProductShipping } from "./types";

type ProductDelivery = ProductShipping & { title: string; seller_id: string; pickup_location?: { address?: string } | null };

/** The item at `price` (euros), or null when the product could not be read. */
export async function productDeliveryItem(productId: string, price: number): Promise<CheckoutItem | null> {
  const result = await apiResult<ProductDelivery>(`/api/products/${encodeURIComponent(productId)}`, { cache: "no-store" });
  if (!result.ok) return null;
  const product = result.data;
  const offered = deliveryOf(product);
  return {
    productId,
    title: product.title,
    price,
    sellerId: product.seller_id,
    pickup: offered.pickup,
    shipping: offered.shipping,
    parcelSize: product.parcel_size ?? null,
    place: product.pickup_location?.address ?? null,
  };
}

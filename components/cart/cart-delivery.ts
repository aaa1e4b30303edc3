/**
 * What the cart's delivery dialog needs of each item: whether it can be picked
 * up or shipped, its parcel size and the seller's town. The cart's own JSON may carry the
 * delivery fields; otherwise the product's JSON (GET /api/products/{id}) is read.
 */
import { apiResult } from "@/components/lib/api-client";
import type { CartItem } from "@/components/payments/checkout-client";
import type { CheckoutItem } from "@/components/shipping/checkout-totals";
import { deliveryOf, type ProductShipping } from "@/components/shipping/types";

type ProductDelivery = ProductShipping & { pickup_location?: { address?: string } | null };

function toItem(item: CartItem, product: ProductDelivery): CheckoutItem {
  const offered = deliveryOf(product);
  return {
    productId: item.product_id,
    title: item.product.title,
    price: item.product.price,
    sellerId: item.product.seller_id,
    sellerName: item.product.seller_name,
    pickup: offered.pickup,
    shipping: offered.shipping,
    parcelSize: product.parcel_size ?? null,
    place: product.pickup_location?.address ?? null,
  };
}

/** The available items with their delivery; null when a product could not be read. */
export async function cartDeliveryItems(items: readonly CartItem[]): Promise<CheckoutItem[] | null> {
  const available = items.filter((item) => item.product.available);
  const read = await Promise.all(
    available.map(async (item) => {
      const known = item.product as CartItem["product"] & ProductDelivery;
      if (Array.isArray(known.delivery_options)) return toItem(item, known);
      const result = await apiResult<ProductDelivery>(`/api/products/${encodeURIComponent(item.product_id)}`, { cache: "no-store" });
      return result.ok ? toItem(item, result.data) : null;
    }),
  );
  return read.every((item): item is CheckoutItem => item !== null) ? read : null;
}

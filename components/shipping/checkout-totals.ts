/**
 * What a checkout with a delivery choice costs: the items, the 5 % fee on the
 * items (never on shipping) and shipping once per seller's parcel, priced by the largest
 * size in it and the destination country. Cents, so the sums are exact. Pure.
 */
import { commissionCents } from "@/lib/domains/payments/client";
import type { DeliveryMethod, ParcelSize, ShippingCountry, ShippingSizeOption } from "./types";

/** One item of a checkout, as the delivery dialog knows it. */
export type CheckoutItem = {
  productId: string;
  title: string;
  /** Euros. */
  price: number;
  sellerId: string;
  /** The seller's name (a cart with several sellers names each parcel). */
  sellerName?: string;
  pickup: boolean;
  shipping: boolean;
  parcelSize: ParcelSize | null;
  /** The seller's town (pickup). */
  place: string | null;
};

const SIZE_ORDER: Record<ParcelSize, number> = { mailbox: 0, parcel: 1, large: 2 };

const cents = (euros: number) => Math.round(euros * 100);

/** The method an item travels by when `chosen` is asked: the chosen one if offered, else the one it has. */
export function methodOf(item: CheckoutItem, chosen: DeliveryMethod): DeliveryMethod {
  if (chosen === "shipping") return item.shipping ? "shipping" : "pickup";
  return item.pickup ? "pickup" : "shipping";
}

/** The largest size of a set (the parcel's size). */
export function largestSize(sizes: readonly ParcelSize[]): ParcelSize | null {
  return sizes.reduce<ParcelSize | null>((largest, size) => (largest === null || SIZE_ORDER[size] > SIZE_ORDER[largest] ? size : largest), null);
}

/** The price of a size to a country (cents), from GET /api/shipping/options. */
export function sizePriceCents(options: readonly ShippingSizeOption[], size: ParcelSize, country: ShippingCountry): number | null {
  const option = options.find((entry) => entry.size === size);
  return option ? cents(option.prices[country]) : null;
}

export type CheckoutTotals = { itemsCents: number; feeCents: number; shippingCents: number; totalCents: number; parcels: number };

/** How each item travels: one method for all (`chosen`), or a function per item. */
export type MethodChoice = DeliveryMethod | ((item: CheckoutItem) => DeliveryMethod);

const methodFor = (item: CheckoutItem, chosen: MethodChoice) => (typeof chosen === "function" ? chosen(item) : methodOf(item, chosen));

export function checkoutTotals(
  items: readonly CheckoutItem[],
  chosen: MethodChoice,
  options: readonly ShippingSizeOption[],
  country: ShippingCountry,
): CheckoutTotals {
  let itemsCents = 0;
  let feeCents = 0;
  const parcels = new Map<string, ParcelSize[]>();
  for (const item of items) {
    const price = cents(item.price);
    itemsCents += price;
    feeCents += commissionCents(price);
    if (methodFor(item, chosen) === "shipping") {
      const sizes = parcels.get(item.sellerId) ?? [];
      sizes.push(item.parcelSize ?? "parcel");
      parcels.set(item.sellerId, sizes);
    }
  }
  let shippingCents = 0;
  for (const sizes of parcels.values()) shippingCents += sizePriceCents(options, largestSize(sizes) ?? "parcel", country) ?? 0;
  return { itemsCents, feeCents, shippingCents, totalCents: itemsCents + feeCents + shippingCents, parcels: parcels.size };
}

/** One seller's items in a checkout: they travel together, picked up or as one parcel. */
export type SellerGroup = {
  sellerId: string;
  sellerName: string;
  items: CheckoutItem[];
  /** Every item may be picked up / shipped: the ways the whole parcel can go. */
  pickup: boolean;
  shipping: boolean;
  /** The seller's town. */
  place: string | null;
  /** The parcel's size when shipped (the largest). */
  size: ParcelSize | null;
};

/** The items grouped per seller, in the order their sellers first appear. */
export function sellerGroups(items: readonly CheckoutItem[]): SellerGroup[] {
  const groups = new Map<string, CheckoutItem[]>();
  for (const item of items) groups.set(item.sellerId, [...(groups.get(item.sellerId) ?? []), item]);
  return [...groups.entries()].map(([sellerId, own]) => ({
    sellerId,
    sellerName: own[0]!.sellerName ?? "",
    items: own,
    pickup: own.every((item) => item.pickup),
    shipping: own.every((item) => item.shipping),
    place: own.find((item) => item.place)?.place ?? null,
    size: largestSize(own.map((item) => item.parcelSize ?? "parcel")),
  }));
}

/**
 * The delivery part of a checkout (docs/shipping.md "Checkout"): which items are picked
 * up and which are shipped, and the parcels they travel in. Items of one seller shipped
 * in one checkout make one parcel, which pays shipping once, at the price of the largest
 * of their sizes. The platform fee is never charged on shipping.
 */
import { AppError } from "@/lib/platform/api/errors";
import type { Tx } from "@/lib/platform/db/client";
import type { Prisma } from "@/lib/platform/db/generated/client";
import { rememberDestination } from "./destination";
import { carrierFor, shippingPriceCents, sizeRank, type ParcelSize, type ServicePoint } from "./providers";
import type { DeliveryMethod } from "./rules";
import type { ShippingAddress } from "./schemas";
import { findServicePoint } from "./service-points";

/** What the buyer asked for; the default is pickup for everything (older clients). */
export type DeliveryRequest = {
  method?: DeliveryMethod;
  /** Per seller id: how that seller's parcel travels (a cart with several sellers); overrides `method`. */
  perSeller?: Record<string, DeliveryMethod>;
  /** Per product id, overrides `perSeller` and `method` (the older way to mix pickup and shipping). */
  perProduct?: Record<string, DeliveryMethod>;
  address?: ShippingAddress | null;
  servicePointId?: string | null;
  recipientName?: string | null;
};

export type Destination = { address: ShippingAddress | null; servicePoint: ServicePoint | null; recipientName: string; country: "NL" | "BE" };

export type DeliveryProduct = { id: string; seller_id: string; title: string; delivery_options: string[]; parcel_size: ParcelSize | null };

export type PlannedParcel = {
  sellerId: string;
  size: ParcelSize;
  shippingCents: number;
  carrier: string;
  productIds: string[];
};

export type DeliveryPlan = { methods: Map<string, DeliveryMethod>; parcels: PlannedParcel[]; destination: Destination | null };

type DeliveryCode = "delivery_not_offered" | "destination_required" | "unknown_service_point" | "delivery_seller_not_in_checkout" | "delivery_choice_conflict";

const invalid = (field: string, detail: string, code?: DeliveryCode) =>
  new AppError("validation", detail, { code: code ?? "validation", errors: [{ field, message: detail }] });

/**
 * Reads the destination before the checkout's transaction (a service point named by id
 * must be one the API listed). Null when nothing is shipped.
 */
export async function resolveDestination(request: DeliveryRequest, buyerName: string): Promise<Destination | null> {
  const wantsShipping =
    request.method === "shipping" ||
    Object.values(request.perProduct ?? {}).includes("shipping") ||
    Object.values(request.perSeller ?? {}).includes("shipping");
  if (!wantsShipping) return null;
  if (request.address && request.servicePointId) {
    throw invalid("service_point_id", "Choose a home address or a service point, not both", "destination_required");
  }
  if (request.address) {
    return { address: request.address, servicePoint: null, recipientName: request.address.name, country: request.address.country };
  }
  if (request.servicePointId) {
    const point = await findServicePoint(request.servicePointId);
    if (!point) throw invalid("service_point_id", "Unknown service point: choose one from the list", "unknown_service_point");
    return { address: null, servicePoint: point, recipientName: request.recipientName ?? buyerName, country: point.address.country };
  }
  throw invalid("shipping_address", "Enter a shipping address or choose a service point", "destination_required");
}

/**
 * A choice per seller must name sellers of this checkout, and a product's own choice may
 * not split a parcel whose seller was given one (422 with a code saying which).
 */
function checkSellerChoices(products: DeliveryProduct[], request: DeliveryRequest): void {
  const perSeller = request.perSeller ?? {};
  const sellers = new Set(products.map((p) => p.seller_id));
  for (const sellerId of Object.keys(perSeller)) {
    if (!sellers.has(sellerId)) {
      throw invalid(`delivery_by_seller.${sellerId}`, "delivery_by_seller names a seller with no item in this checkout", "delivery_seller_not_in_checkout");
    }
  }
  for (const product of products) {
    const own = request.perProduct?.[product.id];
    const parcel = perSeller[product.seller_id];
    if (own && parcel && own !== parcel) {
      throw invalid(
        `delivery_methods.${product.id}`,
        `"${product.title}" is in a parcel chosen for ${parcel}: one seller's items travel one way`,
        "delivery_choice_conflict",
      );
    }
  }
}

/** Decides each item's method (422 when the listing does not offer it) and groups the parcels. */
export function planDelivery(products: DeliveryProduct[], request: DeliveryRequest, destination: Destination | null): DeliveryPlan {
  checkSellerChoices(products, request);
  const methods = new Map<string, DeliveryMethod>();
  for (const product of products) {
    const own = request.perProduct?.[product.id];
    const bySeller = own ? undefined : request.perSeller?.[product.seller_id];
    const method = own ?? bySeller ?? request.method ?? "pickup";
    if (!product.delivery_options.includes(method)) {
      throw invalid(
        own ? `delivery_methods.${product.id}` : bySeller ? `delivery_by_seller.${product.seller_id}` : "delivery_method",
        method === "shipping" ? `"${product.title}" cannot be shipped: this seller offers pickup only` : `"${product.title}" is not offered for pickup: it is shipped only`,
        "delivery_not_offered",
      );
    }
    methods.set(product.id, method);
  }
  const bySeller = new Map<string, DeliveryProduct[]>();
  for (const product of products) {
    if (methods.get(product.id) !== "shipping") continue;
    bySeller.set(product.seller_id, [...(bySeller.get(product.seller_id) ?? []), product]);
  }
  if (bySeller.size > 0 && !destination) throw invalid("shipping_address", "Enter a shipping address or choose a service point", "destination_required");
  const parcels: PlannedParcel[] = [];
  for (const [sellerId, items] of bySeller) {
    // The constraint products_parcel_size guarantees a size wherever shipping is offered.
    const size = items.map((p) => p.parcel_size!).reduce((a, b) => (sizeRank(b) > sizeRank(a) ? b : a));
    parcels.push({
      sellerId,
      size,
      shippingCents: shippingPriceCents(size, destination!.country),
      carrier: carrierFor(destination!.country, size),
      productIds: items.map((p) => p.id),
    });
  }
  return { methods, parcels, destination };
}

export const shippingTotal = (plan: DeliveryPlan) => plan.parcels.reduce((sum, p) => sum + p.shippingCents, 0);

/** Writes the parcels of a checkout (in its transaction); returns parcel id per product. */
export async function createParcels(tx: Tx, checkoutSessionId: string, buyerId: string, plan: DeliveryPlan) {
  const parcelOf = new Map<string, { id: string; shippingCents: number; first: string }>();
  if (!plan.destination) return parcelOf;
  const json = (v: unknown) => v as Prisma.InputJsonValue;
  for (const parcel of plan.parcels) {
    const row = await tx.parcel.create({
      data: {
        checkoutSessionId,
        buyerId,
        sellerId: parcel.sellerId,
        size: parcel.size,
        country: plan.destination.country,
        shippingCents: parcel.shippingCents,
        recipientName: plan.destination.recipientName,
        address: plan.destination.address ? json(plan.destination.address) : undefined,
        servicePoint: plan.destination.servicePoint ? json(plan.destination.servicePoint) : undefined,
        carrier: parcel.carrier,
      },
    });
    for (const productId of parcel.productIds) parcelOf.set(productId, { id: row.id, shippingCents: parcel.shippingCents, first: parcel.productIds[0]! });
  }
  await rememberDestination(tx, buyerId, { address: plan.destination.address, servicePoint: plan.destination.servicePoint });
  return parcelOf;
}

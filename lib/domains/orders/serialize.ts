/**
 * Order JSON (the API's transaction fields plus our additions, docs/
 * payments.md). The pickup code only for the buyer of a held order awaiting its handover;
 * the exact pickup address for the buyer once paid and for the seller; everyone else
 * sees the place and an approximate position. The other way round, the buyer's shipping
 * destination is the seller's to see only once paid (docs/shipping.md).
 */
import type { DocumentedOrder } from "./responses";
import type { Prisma } from "@/lib/platform/db/generated/client";
import { pickupView } from "@/lib/domains/catalog";
import { centsToEuro } from "@/lib/platform/money/cents";
import { availableActions } from "./states";
import { returnView, shipmentView, shippingPriceCents } from "@/lib/domains/shipping";
import { stateOf, withdrawalUntil } from "./order-state";

export const orderInclude = {
  product: {
    select: {
      id: true,
      title: true,
      parcelSize: true,
      images: { orderBy: { position: "asc" }, take: 1, select: { url: true, thumbUrl: true } },
      location: { select: { address: true, formattedAddress: true, city: true, postcode: true, lat: true, lng: true } },
    },
  },
  buyer: { select: { name: true, deletedAt: true } },
  seller: { select: { name: true, deletedAt: true, isBusinessSeller: true } },
  checkoutSession: { select: { providerSessionId: true, checkoutUrl: true, status: true, expiresAt: true } },
  parcel: { include: { events: { orderBy: { at: "asc" }, select: { status: true, at: true } } } },
  return: { include: { events: { orderBy: { at: "asc" }, select: { status: true, at: true } } } },
} satisfies Prisma.OrderInclude;

export type OrderWithRelations = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const nameOf = (user: { name: string; deletedAt: Date | null }) => (user.deletedAt ? "Anonymous" : user.name);

export function serializeOrder(order: OrderWithRelations, viewer: { id: string; isAdmin?: boolean }) {
  const role = order.buyerId === viewer.id ? "buyer" : order.sellerId === viewer.id ? "seller" : "admin";
  const state = stateOf(order);
  const withdrawal = withdrawalUntil(order);
  const party = role === "buyer" || role === "seller";
  const paid = order.status === "held" || order.status === "completed";
  // A shipped order's buyer never needs the seller's address: the town only (docs/returns.md).
  const shippedToBuyer = role === "buyer" && order.deliveryMethod === "shipping";
  const exact = (role === "buyer" && paid && !shippedToBuyer) || role === "seller" || (role === "admin" && viewer.isAdmin === true);
  const location = order.product.location;
  const pickup = pickupView(location && { ...location, address: location.formattedAddress ?? location.address }, exact);
  const image = order.product.images[0];
  return {
    id: order.id,
    created_at: order.createdAt.toISOString(),
    status: order.status,
    delivery_status: order.deliveryStatus,
    amount: centsToEuro(order.amountCents),
    commission: centsToEuro(order.commissionCents),
    total_amount: centsToEuro(order.totalCents),
    currency: "eur",
    auto_release_at: iso(order.autoReleaseAt),
    paid_at: iso(order.paidAt),
    delivery_confirmed_at: iso(order.deliveryConfirmedAt),
    completed_at: iso(order.completedAt),
    cancelled_at: iso(order.cancelledAt),
    refunded_at: iso(order.refundedAt),
    disputed_at: iso(order.disputedAt),
    dispute_notes: role === "seller" || role === "buyer" || viewer.isAdmin ? order.disputeNotes : null,
    dispute_resolution: order.disputeResolution,
    flagged_for_admin: order.flaggedForAdmin,
    role,
    buyer_id: order.buyerId,
    seller_id: order.sellerId,
    buyer_name: nameOf(order.buyer),
    seller_name: nameOf(order.seller),
    product_id: order.productId,
    product: { id: order.product.id, title: order.product.title, image: image?.thumbUrl ?? image?.url ?? null },
    checkout_session_id: order.checkoutSession?.providerSessionId ?? null,
    // The buyer of an unpaid order can go back to the provider's page while it is open.
    checkout_url:
      role === "buyer" && order.status === "pending" && order.checkoutSession?.status === "open" && order.checkoutSession.expiresAt > new Date()
        ? order.checkoutSession.checkoutUrl
        : null,
    actions: role === "admin" ? [] : [...availableActions(state, role), ...shipmentView.testActions(order)],
    pickup_code: role === "buyer" && order.status === "held" && order.deliveryStatus === "pending" ? order.pickupCode : null,
    dispute_photos: party || viewer.isAdmin ? order.disputePhotos : [],
    // Returns, partial refunds and withdrawal (docs/returns.md).
    return: party || viewer.isAdmin ? returnView(order.return, role) : null,
    partial_refund_offer: order.partialRefundOfferCents !== null ? centsToEuro(order.partialRefundOfferCents) : null,
    partial_refund: order.partialRefundCents !== null ? centsToEuro(order.partialRefundCents) : null,
    // A business seller's buyer may withdraw until then; the return label's price comes off the refund.
    withdrawal:
      role === "buyer" && withdrawal
        ? { until: withdrawal.toISOString(), return_shipping: centsToEuro(shippingPriceCents(order.parcel?.size ?? order.product.parcelSize ?? "parcel", "NL")) }
        : null,
    ...shipmentView.fields(order, role, party || viewer.isAdmin === true),
    // An unpaid or cancelled checkout tells the seller nothing of where the buyer lives.
    ...(role === "seller" && !paid ? { shipping_address: null, service_point: null, recipient_name: null } : {}),
    // The address only where it is the exact one (docs/payments.md); the place is in pickup_location.
    pickup_address: exact || (shippedToBuyer && paid) ? pickup.address : null,
    pickup_location: pickup.location,
    // Checked against the OpenAPI document's schema, keeping the precise type for callers.
  } satisfies DocumentedOrder;
}

export type OrderJson = ReturnType<typeof serializeOrder>;

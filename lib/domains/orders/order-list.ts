/**
 * A page of a user's orders or sales with everything the order JSON needs, and their
 * total, in one plain statement past Prisma (GET /api/transactions and the orders page):
 * Prisma's query compiler cost more than the statements (a findMany with five relations
 * and a count) on every list (docs/performance.md "Mixed load"). On the primary: the
 * buyer sees their payment at once. The rows come back in the shape Prisma gave with
 * `orderInclude`, so `serializeOrder` is unchanged.
 */
import { Prisma, queryRows } from "@/lib/platform/db/client";
import type { DeliveryMethod, OrderStatus, DeliveryStatus, ParcelSize, ShipmentStatus, CheckoutStatus, ReturnReason, ReturnStatus } from "@/lib/platform/db/generated/enums";
import type { OrderWithRelations } from "./serialize";

type Party = { name: string; deletedAt: string | null; isBusinessSeller?: boolean };
/** A returns row as to_json gives it. */
type ReturnJson = {
  id: string;
  order_id: string;
  reason: ReturnReason;
  status: ReturnStatus;
  provider: string;
  provider_shipment_id: string;
  carrier: string;
  tracking_code: string;
  tracking_url: string | null;
  label_cents: number;
  paid_by: string;
  refund_cents: number;
  hand_in_by: string;
  hand_in_reminder_at: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  inspect_until: string | null;
  inspect_reminder_at: string | null;
  problem_description: string | null;
  problem_photos: string[];
  problem_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
};
/** A parcels row as to_json gives it: its column names, timestamps as text. */
type ParcelJson = {
  id: string;
  checkout_session_id: string;
  buyer_id: string;
  seller_id: string;
  size: ParcelSize;
  country: string;
  shipping_cents: number;
  recipient_name: string;
  address: Prisma.JsonValue | null;
  service_point: Prisma.JsonValue | null;
  carrier: string;
  ship_by: string | null;
  ship_by_reminder_at: string | null;
  status: ShipmentStatus | null;
  provider: string | null;
  provider_shipment_id: string | null;
  tracking_code: string | null;
  tracking_url: string | null;
  label_created_at: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  claim_until: string | null;
  created_at: string;
  updated_at: string;
};

type Row = {
  total: number;
  id: string | null;
  buyer_id: string;
  seller_id: string;
  product_id: string;
  checkout_session_id: string | null;
  active_product_id: string | null;
  status: OrderStatus;
  delivery_status: DeliveryStatus;
  amount_cents: number;
  commission_cents: number;
  total_cents: number;
  pickup_code: string | null;
  handover_attempts: number;
  dispute_notes: string | null;
  dispute_resolution: string | null;
  dispute_resolution_note: string | null;
  dispute_resolved_at: Date | null;
  payout_blocked_at: Date | null;
  flagged_for_admin: boolean;
  paid_at: Date | null;
  delivery_confirmed_at: Date | null;
  auto_release_at: Date | null;
  disputed_at: Date | null;
  reminder_sent_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
  refunded_at: Date | null;
  created_at: Date;
  updated_at: Date;
  delivery_method: DeliveryMethod;
  shipping_cents: number;
  parcel_id: string | null;
  dispute_photos: string[];
  partial_refund_offer_cents: number | null;
  partial_refund_cents: number | null;
  product: {
    title: string;
    parcelSize: ParcelSize | null;
    image: { url: string; thumbUrl: string | null } | null;
    location: { address: string; formattedAddress: string | null; city: string | null; postcode: string | null; lat: number; lng: number } | null;
  };
  buyer: Party;
  seller: Party;
  checkout_session: { providerSessionId: string | null; checkoutUrl: string | null; status: CheckoutStatus; expiresAt: string } | null;
  parcel: { parcel: ParcelJson; events: { status: ShipmentStatus; at: string }[] | null } | null;
  ret: { ret: ReturnJson; events: { status: ReturnStatus; at: string }[] | null } | null;
};

export type OrderListQuery = { userId: string; role: "buyer" | "seller"; statuses?: readonly OrderStatus[]; limit: number; skip: number };

/** Newest first; a seller never sees the unpaid attempts on their items (cancelled). */
export async function orderPage(query: OrderListQuery): Promise<{ rows: OrderWithRelations[]; total: number }> {
  const { userId, role, statuses, limit, skip } = query;
  const where =
    role === "buyer"
      ? Prisma.sql`o.buyer_id = ${userId}::uuid`
      : Prisma.sql`o.seller_id = ${userId}::uuid AND o.status <> 'cancelled'`;
  const wanted = statuses ? Prisma.sql`AND o.status::text = ANY(${[...statuses]}::text[])` : Prisma.empty;
  // The page first, then each relation as its own small subquery: joined in one FROM,
  // the eight relations cost PostgreSQL ~5 ms of planning per list (join order search),
  // more than everything else in the request.
  const rows = await queryRows<Row>(Prisma.sql`
    WITH total AS (SELECT count(*)::int AS total FROM orders o WHERE ${where} ${wanted})
    SELECT total.total, page.* FROM total
    LEFT JOIN LATERAL (
      SELECT o.id, o.buyer_id, o.seller_id, o.product_id, o.checkout_session_id, o.active_product_id, o.status::text AS status,
             o.delivery_status::text AS delivery_status, o.amount_cents, o.commission_cents, o.total_cents, o.pickup_code,
             o.handover_attempts, o.dispute_notes, o.dispute_resolution, o.dispute_resolution_note, o.dispute_resolved_at,
             o.payout_blocked_at, o.flagged_for_admin, o.paid_at, o.delivery_confirmed_at, o.auto_release_at, o.disputed_at,
             o.reminder_sent_at, o.completed_at, o.cancelled_at, o.refunded_at, o.created_at, o.updated_at,
             o.delivery_method::text AS delivery_method, o.shipping_cents, o.parcel_id, o.dispute_photos,
             o.partial_refund_offer_cents, o.partial_refund_cents,
             (SELECT json_build_object(
                       'title', p.title,
                       'parcelSize', p.parcel_size,
                       'image', (SELECT json_build_object('url', i.url, 'thumbUrl', i.thumb_url) FROM product_images i
                                 WHERE i.product_id = p.id ORDER BY i.position ASC LIMIT 1),
                       'location', (SELECT json_build_object('address', l.address, 'formattedAddress', l.formatted_address, 'city', l.city,
                                                             'postcode', l.postcode, 'lat', l.lat, 'lng', l.lng)
                                    FROM locations l WHERE l.id = p.location_id))
              FROM products p WHERE p.id = o.product_id) AS product,
             (SELECT json_build_object('name', u.name, 'deletedAt', u.deleted_at) FROM users u WHERE u.id = o.buyer_id) AS buyer,
             (SELECT json_build_object('name', u.name, 'deletedAt', u.deleted_at, 'isBusinessSeller', u.is_business_seller) FROM users u WHERE u.id = o.seller_id) AS seller,
             (SELECT json_build_object('providerSessionId', cs.provider_session_id, 'checkoutUrl', cs.checkout_url, 'status', cs.status,
                                       'expiresAt', cs.expires_at)
              FROM checkout_sessions cs WHERE cs.id = o.checkout_session_id) AS checkout_session,
             (SELECT json_build_object(
                       'parcel', to_json(pa),
                       'events', (SELECT json_agg(json_build_object('status', e.status, 'at', e.at) ORDER BY e.at)
                                  FROM shipment_events e WHERE e.parcel_id = pa.id))
              FROM parcels pa WHERE pa.id = o.parcel_id) AS parcel,
             (SELECT json_build_object(
                       'ret', to_json(r),
                       'events', (SELECT json_agg(json_build_object('status', e.status, 'at', e.at) ORDER BY e.at)
                                  FROM return_events e WHERE e.return_id = r.id))
              FROM returns r WHERE r.order_id = o.id) AS ret
      FROM orders o
      WHERE ${where} ${wanted}
      ORDER BY o.created_at DESC, o.id DESC
      LIMIT ${limit} OFFSET ${skip}
    ) AS page ON true`);
  return { rows: rows.filter((row) => row.id !== null).map(orderOfRow), total: rows[0]?.total ?? 0 };
}

function orderOfRow(r: Row): OrderWithRelations {
  return {
    id: r.id!,
    buyerId: r.buyer_id,
    sellerId: r.seller_id,
    productId: r.product_id,
    checkoutSessionId: r.checkout_session_id,
    activeProductId: r.active_product_id,
    status: r.status,
    deliveryStatus: r.delivery_status,
    amountCents: r.amount_cents,
    commissionCents: r.commission_cents,
    totalCents: r.total_cents,
    pickupCode: r.pickup_code,
    handoverAttempts: r.handover_attempts,
    disputeNotes: r.dispute_notes,
    disputeResolution: r.dispute_resolution,
    disputeResolutionNote: r.dispute_resolution_note,
    disputeResolvedAt: r.dispute_resolved_at,
    payoutBlockedAt: r.payout_blocked_at,
    flaggedForAdmin: r.flagged_for_admin,
    paidAt: r.paid_at,
    deliveryConfirmedAt: r.delivery_confirmed_at,
    autoReleaseAt: r.auto_release_at,
    disputedAt: r.disputed_at,
    reminderSentAt: r.reminder_sent_at,
    completedAt: r.completed_at,
    cancelledAt: r.cancelled_at,
    refundedAt: r.refunded_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    deliveryMethod: r.delivery_method,
    shippingCents: r.shipping_cents,
    parcelId: r.parcel_id,
    disputePhotos: r.dispute_photos,
    partialRefundOfferCents: r.partial_refund_offer_cents,
    partialRefundCents: r.partial_refund_cents,
    product: { id: r.product_id, title: r.product.title, parcelSize: r.product.parcelSize, images: r.product.image ? [r.product.image] : [], location: r.product.location },
    buyer: partyOf(r.buyer),
    seller: { ...partyOf(r.seller), isBusinessSeller: r.seller.isBusinessSeller === true },
    checkoutSession: r.checkout_session && { ...r.checkout_session, expiresAt: new Date(r.checkout_session.expiresAt) },
    parcel: r.parcel && parcelOf(r.parcel.parcel, r.parcel.events ?? []),
    return: r.ret && returnOf(r.ret.ret, r.ret.events ?? []),
  };
}

function returnOf(x: ReturnJson, events: { status: ReturnStatus; at: string }[]) {
  return {
    id: x.id,
    orderId: x.order_id,
    reason: x.reason,
    status: x.status,
    provider: x.provider,
    providerShipmentId: x.provider_shipment_id,
    carrier: x.carrier,
    trackingCode: x.tracking_code,
    trackingUrl: x.tracking_url,
    labelCents: x.label_cents,
    paidBy: x.paid_by,
    refundCents: x.refund_cents,
    handInBy: new Date(x.hand_in_by),
    handInReminderAt: dateOf(x.hand_in_reminder_at),
    shippedAt: dateOf(x.shipped_at),
    deliveredAt: dateOf(x.delivered_at),
    inspectUntil: dateOf(x.inspect_until),
    inspectReminderAt: dateOf(x.inspect_reminder_at),
    problemDescription: x.problem_description,
    problemPhotos: x.problem_photos,
    problemAt: dateOf(x.problem_at),
    closedAt: dateOf(x.closed_at),
    createdAt: new Date(x.created_at),
    updatedAt: new Date(x.updated_at),
    events: events.map((e) => ({ status: e.status, at: new Date(e.at) })),
  };
}

const dateOf = (text: string | null) => (text === null ? null : new Date(text));
const partyOf = (party: Party) => ({ name: party.name, deletedAt: dateOf(party.deletedAt) });

function parcelOf(p: ParcelJson, events: { status: ShipmentStatus; at: string }[]) {
  return {
    id: p.id,
    checkoutSessionId: p.checkout_session_id,
    buyerId: p.buyer_id,
    sellerId: p.seller_id,
    size: p.size,
    country: p.country,
    shippingCents: p.shipping_cents,
    recipientName: p.recipient_name,
    address: p.address,
    servicePoint: p.service_point,
    carrier: p.carrier,
    shipBy: dateOf(p.ship_by),
    shipByReminderAt: dateOf(p.ship_by_reminder_at),
    status: p.status,
    provider: p.provider,
    providerShipmentId: p.provider_shipment_id,
    trackingCode: p.tracking_code,
    trackingUrl: p.tracking_url,
    labelCreatedAt: dateOf(p.label_created_at),
    shippedAt: dateOf(p.shipped_at),
    deliveredAt: dateOf(p.delivered_at),
    claimUntil: dateOf(p.claim_until),
    createdAt: new Date(p.created_at),
    updatedAt: new Date(p.updated_at),
    events: events.map((e) => ({ status: e.status, at: new Date(e.at) })),
  };
}

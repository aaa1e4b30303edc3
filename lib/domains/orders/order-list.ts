/**
 * A page of a user's orders or sales with everything the order JSON needs, and their
 * total, in one plain statement past Prisma (GET /api/transactions and the orders page):
 * Prisma's query compiler cost more than the statements (a findMany with five relations
 * and a count) on every list (docs/performance.md "Mixed load"). On the primary: the
 * buyer sees their payment at once. The rows come back in the shape Prisma gave with
 * `orderInclude`, so `serializeOrder` is unchanged.
 */
import { Prisma, queryRows } from "@/lib/platform/db/client";
import type { DeliveryMethod, OrderStatus, DeliveryStatus, ParcelSize, ShipmentStatus, CheckoutStatus } from "@/lib/platform/db/generated/enums";
import type { OrderWithRelations } from "./serialize";

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
  p_title: string;
  p_image_url: string | null;
  p_image_thumb: string | null;
  l_id: string | null;
  l_address: string;
  l_formatted_address: string | null;
  l_city: string | null;
  l_postcode: string | null;
  l_lat: number;
  l_lng: number;
  b_name: string;
  b_deleted_at: Date | null;
  s_name: string;
  s_deleted_at: Date | null;
  cs_id: string | null;
  cs_provider_session_id: string | null;
  cs_checkout_url: string | null;
  cs_status: CheckoutStatus;
  cs_expires_at: Date;
  pa_id: string | null;
  pa_checkout_session_id: string;
  pa_buyer_id: string;
  pa_seller_id: string;
  pa_size: ParcelSize;
  pa_country: string;
  pa_shipping_cents: number;
  pa_recipient_name: string;
  pa_address: Prisma.JsonValue | null;
  pa_service_point: Prisma.JsonValue | null;
  pa_carrier: string;
  pa_ship_by: Date | null;
  pa_ship_by_reminder_at: Date | null;
  pa_status: ShipmentStatus | null;
  pa_provider: string | null;
  pa_provider_shipment_id: string | null;
  pa_tracking_code: string | null;
  pa_tracking_url: string | null;
  pa_label_created_at: Date | null;
  pa_shipped_at: Date | null;
  pa_delivered_at: Date | null;
  pa_claim_until: Date | null;
  pa_created_at: Date;
  pa_updated_at: Date;
  pa_events: { status: ShipmentStatus; at: string }[] | null;
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
             p.title AS p_title, i.url AS p_image_url, i.thumb_url AS p_image_thumb,
             l.id AS l_id, l.address AS l_address, l.formatted_address AS l_formatted_address, l.city AS l_city,
             l.postcode AS l_postcode, l.lat AS l_lat, l.lng AS l_lng,
             b.name AS b_name, b.deleted_at AS b_deleted_at, s.name AS s_name, s.deleted_at AS s_deleted_at,
             cs.id AS cs_id, cs.provider_session_id AS cs_provider_session_id, cs.checkout_url AS cs_checkout_url,
             cs.status::text AS cs_status, cs.expires_at AS cs_expires_at,
             pa.id AS pa_id, pa.checkout_session_id AS pa_checkout_session_id, pa.buyer_id AS pa_buyer_id,
             pa.seller_id AS pa_seller_id, pa.size::text AS pa_size, pa.country AS pa_country, pa.shipping_cents AS pa_shipping_cents,
             pa.recipient_name AS pa_recipient_name, pa.address AS pa_address, pa.service_point AS pa_service_point,
             pa.carrier AS pa_carrier, pa.ship_by AS pa_ship_by, pa.ship_by_reminder_at AS pa_ship_by_reminder_at,
             pa.status::text AS pa_status, pa.provider AS pa_provider, pa.provider_shipment_id AS pa_provider_shipment_id,
             pa.tracking_code AS pa_tracking_code, pa.tracking_url AS pa_tracking_url, pa.label_created_at AS pa_label_created_at,
             pa.shipped_at AS pa_shipped_at, pa.delivered_at AS pa_delivered_at, pa.claim_until AS pa_claim_until,
             pa.created_at AS pa_created_at, pa.updated_at AS pa_updated_at,
             (SELECT json_agg(json_build_object('status', e.status, 'at', e.at) ORDER BY e.at)
              FROM shipment_events e WHERE e.parcel_id = pa.id) AS pa_events
      FROM orders o
      JOIN products p ON p.id = o.product_id
      JOIN users b ON b.id = o.buyer_id
      JOIN users s ON s.id = o.seller_id
      LEFT JOIN LATERAL (SELECT url, thumb_url FROM product_images WHERE product_id = p.id ORDER BY position ASC LIMIT 1) AS i ON true
      LEFT JOIN locations l ON l.id = p.location_id
      LEFT JOIN checkout_sessions cs ON cs.id = o.checkout_session_id
      LEFT JOIN parcels pa ON pa.id = o.parcel_id
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
    product: {
      id: r.product_id,
      title: r.p_title,
      images: r.p_image_url === null ? [] : [{ url: r.p_image_url, thumbUrl: r.p_image_thumb }],
      location:
        r.l_id === null
          ? null
          : { address: r.l_address, formattedAddress: r.l_formatted_address, city: r.l_city, postcode: r.l_postcode, lat: r.l_lat, lng: r.l_lng },
    },
    buyer: { name: r.b_name, deletedAt: r.b_deleted_at },
    seller: { name: r.s_name, deletedAt: r.s_deleted_at },
    checkoutSession:
      r.cs_id === null
        ? null
        : { providerSessionId: r.cs_provider_session_id, checkoutUrl: r.cs_checkout_url, status: r.cs_status, expiresAt: r.cs_expires_at },
    parcel:
      r.pa_id === null
        ? null
        : {
            id: r.pa_id,
            checkoutSessionId: r.pa_checkout_session_id,
            buyerId: r.pa_buyer_id,
            sellerId: r.pa_seller_id,
            size: r.pa_size,
            country: r.pa_country,
            shippingCents: r.pa_shipping_cents,
            recipientName: r.pa_recipient_name,
            address: r.pa_address,
            servicePoint: r.pa_service_point,
            carrier: r.pa_carrier,
            shipBy: r.pa_ship_by,
            shipByReminderAt: r.pa_ship_by_reminder_at,
            status: r.pa_status,
            provider: r.pa_provider,
            providerShipmentId: r.pa_provider_shipment_id,
            trackingCode: r.pa_tracking_code,
            trackingUrl: r.pa_tracking_url,
            labelCreatedAt: r.pa_label_created_at,
            shippedAt: r.pa_shipped_at,
            deliveredAt: r.pa_delivered_at,
            claimUntil: r.pa_claim_until,
            createdAt: r.pa_created_at,
            updatedAt: r.pa_updated_at,
            events: (r.pa_events ?? []).map((e) => ({ status: e.status, at: new Date(e.at) })),
          },
  };
}

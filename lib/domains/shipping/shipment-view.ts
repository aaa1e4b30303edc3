/**
 * The shipping part of order JSON (docs/shipping.md): the delivery method, what shipping
 * cost, the destination (buyer and seller only) and the shipment once its label exists.
 */
import { centsToEuro } from "@/lib/platform/money/cents";
import type { Parcel, ShipmentStatus } from "@/lib/platform/db/generated/client";
import { shippingProviderName, type ServicePoint } from "./providers";
import type { OrderShippingJson } from "./responses";
import type { ShippingAddress } from "./schemas";

type ParcelWithEvents = Parcel & { events: { status: ShipmentStatus; at: Date }[] };
type OrderWithParcel = {
  status: string;
  deliveryStatus: string;
  deliveryMethod: "pickup" | "shipping";
  shippingCents: number;
  parcel: ParcelWithEvents | null;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** What the state machine needs of the parcel (lib/domains/orders/states.ts). */
export function stateOfParcel(order: Pick<OrderWithParcel, "deliveryMethod"> & { parcel: Pick<Parcel, "status" | "claimUntil"> | null }, now: Date = new Date()) {
  return {
    delivery: order.deliveryMethod,
    shipment: order.parcel?.status ?? null,
    claimOpen: order.parcel?.claimUntil ? order.parcel.claimUntil > now : true,
  };
}

function shipment(parcel: ParcelWithEvents, role: string): OrderShippingJson["shipment"] {
  if (!parcel.status) return null;
  return {
    id: parcel.id,
    carrier: parcel.carrier,
    status: parcel.status,
    size: parcel.size,
    tracking_code: parcel.trackingCode,
    tracking_url: parcel.trackingUrl,
    ship_by: iso(parcel.shipBy),
    shipped_at: iso(parcel.shippedAt),
    delivered_at: iso(parcel.deliveredAt),
    claim_until: iso(parcel.claimUntil),
    events: parcel.events.map((e) => ({ at: e.at.toISOString(), status: e.status })),
    label_url: role === "seller" ? `/api/shipments/${parcel.id}/label` : null,
  };
}

export const shipmentView = {
  fields(order: OrderWithParcel, role: string, mayKnow: boolean): OrderShippingJson {
    const parcel = order.parcel;
    return {
      delivery_method: order.deliveryMethod,
      shipping_amount: centsToEuro(order.shippingCents),
      parcel_id: parcel?.id ?? null,
      parcel_size: parcel?.size ?? null,
      ship_by: iso(parcel?.shipBy ?? null),
      // The destination is for the buyer and the seller (and admins) only.
      shipping_address: mayKnow ? ((parcel?.address as ShippingAddress | null | undefined) ?? null) : null,
      service_point: mayKnow ? ((parcel?.servicePoint as ServicePoint | null | undefined) ?? null) : null,
      recipient_name: mayKnow ? (parcel?.recipientName ?? null) : null,
      shipment: parcel && mayKnow ? shipment(parcel, role) : null,
    };
  },
  /** With the test provider the parties may move a parcel on ("advance" on the order page). */
  testActions(order: OrderWithParcel): "advance_test_shipment"[] {
    const parcel = order.parcel;
    const open = parcel?.status === "label_created" || parcel?.status === "in_transit";
    return open && order.status === "held" && shippingProviderName() === "test" ? ["advance_test_shipment"] : [];
  },
};

"use client";

/**
 * The order's status badge, plus the delivery
 * status while the money is held in escrow ("Delivery status"). A parcel that is not
 * handed over in person says where it is: waiting to be shipped, on its way, or
 * delivered with its 48 hours to check it (docs/shipping.md).
 */
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/platform/utils";
import type { OrderShipping } from "@/components/shipping/types";
import type { OrderJson } from "./order-api";

const STATUS_STYLE: Record<OrderJson["status"], string> = {
  pending: "border-transparent bg-warm/15 text-[oklch(0.45_0.12_45)]",
  held: "border-transparent bg-primary/10 text-primary",
  completed: "border-transparent bg-secondary text-secondary-foreground",
  cancelled: "border-transparent bg-muted text-muted-foreground ring-1 ring-border",
  refunded: "border-transparent bg-muted text-muted-foreground ring-1 ring-border",
};

const DELIVERY_STYLE: Record<OrderJson["delivery_status"], string> = {
  pending: "bg-card text-foreground",
  confirmed: "border-transparent bg-secondary text-secondary-foreground",
  disputed: "border-transparent bg-destructive/10 text-destructive",
};

/** Which state note a card shows: the status, or for held orders the delivery status. */
export type NoteKind = "pending" | "held" | "confirmed" | "disputed" | "completed" | "cancelled" | "refunded";

export function noteKindOf(order: Pick<OrderJson, "status" | "delivery_status">): NoteKind {
  if (order.status !== "held") return order.status;
  if (order.delivery_status === "confirmed") return "confirmed";
  if (order.delivery_status === "disputed") return "disputed";
  return "held";
}

type BadgeOrder = Pick<OrderJson, "status" | "delivery_status"> & Partial<Pick<OrderShipping, "delivery_method" | "shipment">>;

/** The delivery badge's text key: a parcel's own state while it waits for the buyer. */
function deliveryKeyOf(order: BadgeOrder): string {
  if (order.delivery_status !== "pending" || order.delivery_method !== "shipping") return order.delivery_status;
  const status = order.shipment?.status;
  if (status === "delivered") return "parcelDelivered";
  if (status === "in_transit") return "parcelInTransit";
  return "parcelAwaitingShipment";
}

export function OrderStatusBadges({ order, className }: { order: BadgeOrder; className?: string }) {
  const t = useTranslations("orders");
  return (
    <div className={cn("flex flex-wrap items-center gap-1.5", className)}>
      <Badge className={STATUS_STYLE[order.status]} data-testid="order-status">
        {t(`status.${order.status}`)}
      </Badge>
      {order.status === "held" ? (
        <Badge variant="outline" className={DELIVERY_STYLE[order.delivery_status]} data-testid="order-delivery-status">
          {t(`delivery.${deliveryKeyOf(order)}`)}
        </Badge>
      ) : null}
    </div>
  );
}

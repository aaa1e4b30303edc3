/**
 * The `return` of order JSON (docs/returns.md): its state, shipment and deadlines for the
 * buyer, the seller and admins; the label only for the buyer who sends it; what the
 * seller reported about it for the seller and admins.
 */
import type { Return, ReturnStatus } from "@/lib/platform/db/generated/client";
import { centsToEuro } from "@/lib/platform/money/cents";
import type { ReturnJson } from "./responses";

export type ReturnWithEvents = Return & { events: { status: ReturnStatus; at: Date }[] };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function returnView(ret: ReturnWithEvents | null, role: "buyer" | "seller" | "admin"): ReturnJson | null {
  if (!ret) return null;
  return {
    id: ret.id,
    reason: ret.reason,
    status: ret.status,
    shipment: {
      id: ret.id,
      carrier: ret.carrier,
      tracking_code: ret.trackingCode,
      tracking_url: ret.trackingUrl,
      events: ret.events.map((e) => ({ at: e.at.toISOString(), status: e.status })),
    },
    label_url: role === "buyer" ? `/api/returns/${ret.id}/label` : null,
    hand_in_by: ret.handInBy.toISOString(),
    inspect_until: iso(ret.inspectUntil),
    refund: {
      amount: centsToEuro(ret.refundCents),
      // What the label costs the buyer (deducted from the refund); the platform pays it otherwise.
      return_shipping: centsToEuro(ret.paidBy === "buyer" ? ret.labelCents : 0),
    },
    problem: role !== "buyer" && ret.problemAt ? { description: ret.problemDescription, photos: ret.problemPhotos, reported_at: ret.problemAt.toISOString() } : null,
  };
}

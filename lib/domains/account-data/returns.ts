/**
 * A person's returns for their data export (docs/account-data.md, docs/returns.md): the
 * returns of their orders as buyer and as seller, with the problem they reported, and
 * the sender address they gave for labels.
 */
import type { Tx } from "@/lib/platform/db/client";
import { centsToEuro } from "@/lib/platform/money/cents";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export async function returnsData(tx: Tx, userId: string) {
  const rows = await tx.return.findMany({
    where: { order: { OR: [{ buyerId: userId }, { sellerId: userId }] } },
    include: { order: { select: { buyerId: true } }, events: { orderBy: { at: "asc" }, select: { status: true, at: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const sender = await tx.senderAddress.findUnique({ where: { userId } });
  return {
    sender_address: sender
      ? { street: sender.street, house_number: sender.houseNumber, house_number_suffix: sender.houseNumberSuffix, postcode: sender.postcode, city: sender.city, updated_at: sender.updatedAt.toISOString() }
      : null,
    returns: rows.map((r) => {
      const role: "buyer" | "seller" = r.order.buyerId === userId ? "buyer" : "seller";
      return {
        id: r.id,
        order_id: r.orderId,
        role,
        reason: r.reason,
        status: r.status,
        carrier: r.carrier,
        tracking_code: r.trackingCode,
        label_price: centsToEuro(r.labelCents),
        label_paid_by: r.paidBy,
        refund: centsToEuro(r.refundCents),
        hand_in_by: r.handInBy.toISOString(),
        shipped_at: iso(r.shippedAt),
        delivered_at: iso(r.deliveredAt),
        inspect_until: iso(r.inspectUntil),
        // What the seller reported about the returned item is theirs.
        problem: role === "seller" && r.problemAt ? { description: r.problemDescription, photos: r.problemPhotos, reported_at: r.problemAt.toISOString() } : null,
        events: r.events.map((e) => ({ status: e.status, at: e.at.toISOString() })),
        created_at: r.createdAt.toISOString(),
      };
    }),
  };
}

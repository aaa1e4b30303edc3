/**
 * What a parcel's tracking does to its orders (docs/shipping.md "Escrow with shipping").
 * Every tracking step, from the provider's webhook (confirmed with the provider first),
 * the test endpoint or the label, goes through `applyTracking`: it locks the parcel,
 * moves it only forward (lib/domains/shipping rules: repeats and late steps change
 * nothing) and applies the escrow's consequence in the same transaction:
 *   delivered → the buyer's 48-hour claim window opens;
 *   returned  → refunded in full, the item is for sale again;
 *   lost      → refunded in full.
 */
import { db, type Tx } from "@/lib/platform/db/client";
import type { Order, Parcel, ShipmentStatus } from "@/lib/platform/db/generated/client";
import { notify } from "@/lib/domains/notifications";
import { escrow } from "./escrow";
import { canAdvance, claimUntil, SHIPPING } from "./rules";
import { addWorkingDays } from "./working-days";

/**
 * The payment arrived: the seller has 5 working days to ship (set once per parcel).
 * Returns the ship-by time as ISO (notifications show it in the reader's format).
 */
export async function startShippingClock(tx: Tx, parcelId: string, paidAt: Date): Promise<string> {
  const shipBy = addWorkingDays(paidAt, SHIPPING.shipWithinWorkingDays);
  await tx.parcel.updateMany({ where: { id: parcelId, shipBy: null }, data: { shipBy } });
  const parcel = await tx.parcel.findUniqueOrThrow({ where: { id: parcelId }, select: { shipBy: true } });
  return (parcel.shipBy ?? shipBy).toISOString();
}

export async function lockParcel(tx: Tx, parcelId: string): Promise<Parcel | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM parcels WHERE id = ${parcelId}::uuid FOR UPDATE`;
  return rows.length ? tx.parcel.findUnique({ where: { id: parcelId } }) : null;
}

type HeldOrder = Order & { product: { title: string } };

/** The parcel's orders still in escrow (held, not yet confirmed or decided). */
function heldOrders(tx: Tx, parcelId: string, deliveryStatuses: ("pending" | "disputed")[] = ["pending"]): Promise<HeldOrder[]> {
  return tx.order.findMany({
    where: { parcelId, status: "held", deliveryStatus: { in: deliveryStatuses } },
    include: { product: { select: { title: true } } },
  });
}

const dataOf = (order: HeldOrder, extra: Record<string, string | number> = {}) => ({
  orderId: order.id,
  productTitle: order.product.title,
  amountCents: order.totalCents,
  ...extra,
});

/**
 * Refunds a parcel's orders in escrow in full (item, fee and shipping), in the caller's
 * transaction. `relist`: the item comes back to the seller and is for sale again.
 * Returns the refunded order ids; their provider refunds follow the commit.
 */
export async function refundParcelOrders(
  tx: Tx,
  parcelId: string,
  now: Date,
  options: { relist: boolean; event: "shipping.returned" | "shipping.lost" | "shipping.not_shipped"; including: ("pending" | "disputed")[] },
): Promise<string[]> {
  const orders = await heldOrders(tx, parcelId, options.including);
  const refunded: string[] = [];
  for (const order of orders) {
    const claimed = await tx.order.updateMany({
      where: { id: order.id, status: "held", deliveryStatus: order.deliveryStatus },
      data: { status: "refunded", refundedAt: now },
    });
    if (claimed.count === 0) continue;
    await escrow().recordRefundDue(tx, order);
    if (options.relist) {
      await tx.product.updateMany({ where: { id: order.productId, status: "sold", deletedAt: null }, data: { status: "available" } });
    }
    await notify(tx, order.buyerId, options.event, dataOf(order));
    await notify(tx, order.sellerId, options.event, dataOf(order, { amountCents: order.amountCents }));
    refunded.push(order.id);
  }
  return refunded;
}

/**
 * One tracking step. Returns whether it changed anything (false for a repeat, a step
 * back, or a parcel we do not know).
 */
export async function applyTracking(parcelId: string, status: ShipmentStatus, at: Date, source: "provider" | "test" | "label"): Promise<boolean> {
  const outcome = await escrow().transaction(async (tx) => {
    const parcel = await lockParcel(tx, parcelId);
    if (!parcel || !canAdvance(parcel.status, status)) return { changed: false, refunds: [] as string[] };
    // Each status once (the unique index): a repeat that raced past the check changes nothing.
    await tx.$executeRaw`
      INSERT INTO shipment_events (id, parcel_id, status, at, source)
      VALUES (gen_random_uuid(), ${parcelId}::uuid, ${status}::"ShipmentStatus", ${at}, ${source})
      ON CONFLICT (parcel_id, status) DO NOTHING`;
    const now = new Date();
    let refunds: string[] = [];
    if (status === "in_transit") {
      await tx.parcel.update({ where: { id: parcelId }, data: { status, shippedAt: parcel.shippedAt ?? at } });
    } else if (status === "delivered") {
      const until = claimUntil(at);
      await tx.parcel.update({ where: { id: parcelId }, data: { status, shippedAt: parcel.shippedAt ?? at, deliveredAt: at, claimUntil: until } });
      for (const order of await heldOrders(tx, parcelId)) {
        await notify(tx, order.buyerId, "shipping.delivered", dataOf(order, { claimUntilAt: until.toISOString() }));
      }
    } else if (status === "returned" || status === "lost") {
      await tx.parcel.update({ where: { id: parcelId }, data: { status } });
      // A parcel that never arrived: a dispute about it is decided by the carrier's answer.
      refunds = await refundParcelOrders(tx, parcelId, now, { relist: status === "returned", event: `shipping.${status}`, including: ["pending", "disputed"] });
    } else {
      await tx.parcel.update({ where: { id: parcelId }, data: { status } });
    }
    return { changed: true, refunds };
  });
  for (const orderId of outcome.refunds) await escrow().executeRefund(orderId);
  return outcome.changed;
}

/** Parcels this one instance may look at (for the provider's webhook). */
export async function parcelByProviderId(provider: string, providerShipmentId: string) {
  return db.parcel.findUnique({ where: { provider_providerShipmentId: { provider, providerShipmentId } }, select: { id: true } });
}

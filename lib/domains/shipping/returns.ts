/**
 * Returns (docs/returns.md): the shipment that brings an item from the buyer back to the
 * seller, its label (the buyer's alone), its tracking through the same test endpoint and
 * provider webhook as parcels, and the seller's 48-hour inspection its delivery scan
 * opens. What a return does to the money is the escrow's (lib/domains/orders/returns.ts).
 */
import { randomUUID } from "node:crypto";
import { AppError, forbidden, notFound } from "@/lib/platform/api/errors";
import { isUuid } from "@/lib/platform/api/ids";
import { db, type Tx } from "@/lib/platform/db/client";
import type { Return, ReturnReason, ReturnStatus } from "@/lib/platform/db/generated/client";
import { log } from "@/lib/platform/log";
import { notify } from "@/lib/domains/notifications";
import { escrow, type Viewer } from "./escrow";
import { carrierFor, shippingPriceCents, shippingProvider, type Address, type Carrier, type CreateReturnInput, type CreatedShipment, type ParcelSize, type ServicePoint } from "./providers";
import { RETURNS } from "./rules";
import { addWorkingDays } from "./working-days";
import { senderAddressFor } from "./sender-address";
import { splitStreet } from "./shipments";

export const RETURN_NOT_FOUND = "Return not found";

/** A return shipment made at the provider, not yet written (the provider call is outside any transaction). */
export type ReturnDraft = { id: string; provider: string; carrier: Carrier; labelCents: number; created: CreatedShipment };

async function returnInput(orderId: string, reference: string): Promise<CreateReturnInput & { labelCents: number }> {
  const order = await db.order.findUniqueOrThrow({
    where: { id: orderId },
    include: {
      parcel: true,
      seller: { select: { id: true, name: true, email: true } },
      buyer: { select: { name: true, email: true } },
      product: { select: { parcelSize: true, location: { select: { address: true, postcode: true, city: true } } } },
    },
  });
  const size: ParcelSize = order.parcel?.size ?? order.product.parcelSize ?? "parcel";
  const location = order.product.location;
  const seller: Address = (await senderAddressFor(order.seller.id, order.seller.name)) ?? {
    name: order.seller.name,
    ...splitStreet(location?.address ?? ""),
    postcode: location?.postcode ?? "",
    city: location?.city ?? "",
    country: "NL",
  };
  const home = order.parcel?.address as Address | null | undefined;
  const point = order.parcel?.servicePoint as ServicePoint | null | undefined;
  // Where the buyer hands it in from: their home address, else the service point they used, else (a pickup) the seller's town.
  const from: Address = home ?? (point ? { name: order.buyer.name, ...point.address } : { ...seller, name: order.buyer.name });
  return {
    reference,
    carrier: (order.parcel?.carrier as Carrier | undefined) ?? carrierFor("NL", size),
    size,
    parentProviderShipmentId: order.parcel?.provider === shippingProvider().name ? (order.parcel?.providerShipmentId ?? null) : null,
    sender: { ...from, name: order.buyer.name, email: order.buyer.email },
    recipient: { name: order.seller.name, email: order.seller.email },
    address: seller,
    labelCents: shippingPriceCents(size, "NL"),
  };
}

/** Makes the return's label at the provider (idempotent on the new return's id); 503 when it cannot. */
export async function prepareReturn(orderId: string): Promise<ReturnDraft> {
  const id = randomUUID();
  const { labelCents, ...input } = await returnInput(orderId, id);
  const provider = shippingProvider();
  try {
    const created = await provider.createReturnShipment(input);
    return { id, provider: provider.name, carrier: input.carrier, labelCents, created };
  } catch (error) {
    log().error({ err: error, orderId }, "creating the return shipment failed");
    throw new AppError("unavailable", "The return label could not be made right now. Please try again.", { code: "provider_error" });
  }
}

/** Writes the return (in the caller's transaction) and tells the buyer the label is ready. */
export async function recordReturn(
  tx: Tx,
  draft: ReturnDraft,
  order: { id: string; buyerId: string; productTitle: string },
  terms: { reason: ReturnReason; paidBy: "platform" | "buyer"; refundCents: number; now: Date },
): Promise<Return> {
  const handInBy = addWorkingDays(terms.now, RETURNS.handInWorkingDays);
  const row = await tx.return.create({
    data: {
      id: draft.id,
      orderId: order.id,
      reason: terms.reason,
      provider: draft.provider,
      providerShipmentId: draft.created.providerShipmentId,
      carrier: draft.carrier,
      trackingCode: draft.created.trackingCode,
      trackingUrl: draft.created.trackingUrl,
      labelCents: draft.labelCents,
      paidBy: terms.paidBy,
      refundCents: terms.refundCents,
      handInBy,
    },
  });
  await tx.returnEvent.create({ data: { returnId: row.id, status: "label_created", at: terms.now, source: "label" } });
  await notify(tx, order.buyerId, "return.label_ready", { orderId: order.id, productTitle: order.productTitle, handInByAt: handInBy.toISOString() });
  return row;
}

export async function lockReturn(tx: Tx, returnId: string): Promise<Return | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM returns WHERE id = ${returnId}::uuid FOR UPDATE`;
  return rows.length ? tx.return.findUnique({ where: { id: returnId } }) : null;
}

const RANK: Partial<Record<ReturnStatus, number>> = { label_created: 0, in_transit: 1, delivered: 2 };

/**
 * One tracking step of a return: only forward (label_created → in_transit → delivered),
 * and none once the return has closed. The delivery scan opens the seller's inspection.
 */
export async function applyReturnTracking(returnId: string, status: "in_transit" | "delivered", at: Date, source: "provider" | "test"): Promise<boolean> {
  return escrow().transaction(async (tx) => {
    const ret = await lockReturn(tx, returnId);
    const current = ret ? RANK[ret.status] : undefined;
    if (!ret || current === undefined || current >= RANK[status]!) return false;
    await tx.$executeRaw`
      INSERT INTO return_events (id, return_id, status, at, source)
      VALUES (gen_random_uuid(), ${returnId}::uuid, ${status}::"ReturnStatus", ${at}, ${source})
      ON CONFLICT (return_id, status) DO NOTHING`;
    const order = await tx.order.findUniqueOrThrow({ where: { id: ret.orderId }, include: { product: { select: { title: true } } } });
    const data = { orderId: order.id, productTitle: order.product.title };
    if (status === "in_transit") {
      await tx.return.update({ where: { id: returnId }, data: { status, shippedAt: at } });
      await notify(tx, order.sellerId, "return.handed_in", data);
    } else {
      const inspectUntil = new Date(at.getTime() + RETURNS.inspectHours * 3600_000);
      await tx.return.update({ where: { id: returnId }, data: { status, shippedAt: ret.shippedAt ?? at, deliveredAt: at, inspectUntil } });
      await notify(tx, order.sellerId, "return.arrived", { ...data, inspectUntilAt: inspectUntil.toISOString() });
      await notify(tx, order.buyerId, "return.delivered", data);
    }
    return true;
  });
}

/** A return its buyer, its seller or an admin may see: 404 for anyone else. */
async function returnFor(user: Viewer, returnId: string) {
  const ret = isUuid(returnId) ? await db.return.findUnique({ where: { id: returnId }, include: { order: { select: { buyerId: true, sellerId: true } } } }) : null;
  if (!ret || (ret.order.buyerId !== user.id && ret.order.sellerId !== user.id && !user.isAdmin)) return null;
  return ret;
}

/** GET /api/returns/{id}/label: the return label's PDF, for the buyer who sends it back only. */
export async function returnLabel(user: Viewer, returnId: string): Promise<Uint8Array> {
  const ret = await returnFor(user, returnId);
  if (!ret) throw notFound(RETURN_NOT_FOUND, "return_not_found");
  if (ret.order.buyerId !== user.id) throw forbidden("Only the buyer can download the return label", "not_buyer");
  const input = await returnInput(ret.orderId, ret.id);
  try {
    return await shippingProvider().label({
      reference: input.reference,
      size: input.size,
      sender: input.sender,
      recipient: input.recipient,
      address: input.address,
      servicePoint: null,
      carrier: ret.carrier as Carrier,
      providerShipmentId: ret.providerShipmentId,
      trackingCode: ret.trackingCode,
      trackingUrl: ret.trackingUrl ?? "",
    });
  } catch (error) {
    log().error({ err: error, returnId }, "fetching the return label failed");
    throw new AppError("unavailable", "The label cannot be fetched right now. Please try again.", { code: "provider_error" });
  }
}

/**
 * The test endpoint for a return's scans (its id in place of a parcel's): the order's id
 * once applied, null when the id is no return the caller may see.
 */
export async function testReturnEvent(user: Viewer, returnId: string, event: string): Promise<string | null> {
  const ret = await returnFor(user, returnId);
  if (!ret) return null;
  if (event !== "in_transit" && event !== "delivered") {
    throw new AppError("validation", "A return is only handed in (in_transit) and delivered", { code: "validation", errors: [{ field: "event", message: "in_transit or delivered" }] });
  }
  await applyReturnTracking(ret.id, event, new Date(), "test");
  return ret.orderId;
}

/** The return a provider's shipment id names, for its webhook. */
export function returnByProviderId(provider: string, providerShipmentId: string) {
  return db.return.findUnique({ where: { provider_providerShipmentId: { provider, providerShipmentId } }, select: { id: true } });
}

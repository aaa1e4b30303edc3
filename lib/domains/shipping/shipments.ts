/**
 * The seller ships (docs/shipping.md): the label through the shipping provider, the
 * label's PDF, the test provider's tracking steps and the provider's webhook.
 */
import { AppError, forbidden, notFound } from "@/lib/platform/api/errors";
import { isUuid } from "@/lib/platform/api/ids";
import { db } from "@/lib/platform/db/client";
import { log } from "@/lib/platform/log";
import { notify } from "@/lib/domains/notifications";
import { escrow, ORDER_NOT_FOUND, type OrderJson } from "./escrow";
import { shippingProvider, type Address, type CreateShipmentInput, type ServicePoint, type ShipmentStatus } from "./providers";
import { applyTracking, lockParcel, parcelByProviderId } from "./shipment-events";
import { stateOfParcel } from "./shipment-view";
import { applyReturnTracking, returnByProviderId, testReturnEvent } from "./returns";
import type { ShippingWebhookJson } from "./responses";
import { senderAddressFor } from "./sender-address";

type Viewer = { id: string; isAdmin: boolean };
const SHIPMENT_NOT_FOUND = "Shipment not found";

/** "Damrak 1-3, 1012 LG Amsterdam" → street "Damrak", number "1", suffix "-3". */
export function splitStreet(address: string): { street: string; house_number: string; house_number_suffix: string | null } {
  const first = address.split(",")[0]!.trim();
  const match = /^(.*?\D)\s*(\d{1,5})\s*([A-Za-z0-9-]{0,6})$/.exec(first);
  if (!match) return { street: first, house_number: "", house_number_suffix: null };
  return { street: match[1]!.trim(), house_number: match[2]!, house_number_suffix: match[3] ? match[3] : null };
}

async function shipmentInput(parcelId: string): Promise<CreateShipmentInput> {
  const parcel = await db.parcel.findUniqueOrThrow({
    where: { id: parcelId },
    include: {
      orders: {
        take: 1,
        orderBy: { createdAt: "asc" },
        include: {
          seller: { select: { id: true, name: true, email: true } },
          buyer: { select: { email: true } },
          product: { select: { location: { select: { address: true, formattedAddress: true, postcode: true, city: true } } } },
        },
      },
    },
  });
  const order = parcel.orders[0]!;
  const location = order.product.location;
  // The seller's sender address; a seller who gave none yet sends from the listing's place.
  const given = await senderAddressFor(order.seller.id, order.seller.name);
  const sender: Address & { email: string } = given
    ? { ...given, email: order.seller.email }
    : {
        name: order.seller.name,
        email: order.seller.email,
        ...splitStreet(location?.address ?? ""),
        postcode: location?.postcode ?? "",
        city: location?.city ?? "",
        country: "NL",
      };
  return {
    reference: parcel.id,
    carrier: parcel.carrier as CreateShipmentInput["carrier"],
    size: parcel.size,
    sender,
    recipient: { name: parcel.recipientName, email: order.buyer.email },
    address: (parcel.address as Address | null) ?? null,
    servicePoint: (parcel.servicePoint as ServicePoint | null) ?? null,
  };
}

/**
 * POST /api/transactions/{id}/shipment: the seller makes the label. The provider call is
 * made outside any transaction and is idempotent on the parcel id; the first answer to be
 * written wins, so a repeat (or two at once) returns the same shipment.
 */
export async function createShipment(user: Viewer, orderId: string): Promise<OrderJson> {
  const order = isUuid(orderId) ? await db.order.findUnique({ where: { id: orderId }, include: { parcel: true } }) : null;
  if (!order || (order.buyerId !== user.id && order.sellerId !== user.id && !user.isAdmin)) throw notFound(ORDER_NOT_FOUND, "order_not_found");
  if (order.sellerId !== user.id) throw forbidden("Only the seller of this order can do this", "not_seller");
  const allowed = escrow().mayCreateShipment({ status: order.status, deliveryStatus: order.deliveryStatus, ...stateOfParcel(order) });
  if (!allowed || !order.parcel) {
    throw new AppError("conflict", "A label can be made for a paid, shipped order that is not yet settled", { code: "invalid_state" });
  }
  if (order.parcel.status) return escrow().orderFor(user, orderId);
  // The label carries the seller's sender address, which also receives returns.
  if (!(await db.senderAddress.findUnique({ where: { userId: user.id }, select: { userId: true } }))) {
    throw new AppError("conflict", "Enter your sender address (postcode and house number) first: it goes on the label and receives returns", {
      code: "sender_address_required",
    });
  }

  const provider = shippingProvider();
  let created;
  try {
    created = await provider.createShipment(await shipmentInput(order.parcel.id));
  } catch (error) {
    log().error({ err: error, parcelId: order.parcel.id }, "creating the shipment failed");
    throw new AppError("unavailable", "The label could not be made right now. Please try again.", { code: "provider_error" });
  }
  const now = new Date();
  const parcelId = order.parcel.id;
  await escrow().transaction(async (tx) => {
    const parcel = await lockParcel(tx, parcelId);
    if (!parcel || parcel.status) return;
    await tx.parcel.update({
      where: { id: parcelId },
      data: {
        status: "label_created",
        provider: provider.name,
        providerShipmentId: created.providerShipmentId,
        carrier: created.carrier,
        trackingCode: created.trackingCode,
        trackingUrl: created.trackingUrl,
        labelCreatedAt: now,
      },
    });
    await tx.shipmentEvent.create({ data: { parcelId, status: "label_created", at: now, source: "label" } });
    const orders = await tx.order.findMany({ where: { parcelId, status: "held" }, include: { product: { select: { title: true } } } });
    for (const o of orders) {
      await notify(tx, o.buyerId, "shipping.label_created", {
        orderId: o.id,
        productTitle: o.product.title,
        carrier: created.carrier,
        trackingCode: created.trackingCode,
        trackingUrl: created.trackingUrl,
      });
    }
  });
  return escrow().orderFor(user, orderId);
}

/** A parcel the caller may see: 404 for anyone who is not its buyer, seller or an admin. */
async function parcelFor(user: Viewer, parcelId: string) {
  const parcel = isUuid(parcelId) ? await db.parcel.findUnique({ where: { id: parcelId } }) : null;
  if (!parcel || (parcel.buyerId !== user.id && parcel.sellerId !== user.id && !user.isAdmin)) throw notFound(SHIPMENT_NOT_FOUND, "shipment_not_found");
  return parcel;
}

/** GET /api/shipments/{id}/label: the PDF, for the seller only. */
export async function shipmentLabel(user: Viewer, parcelId: string): Promise<Uint8Array> {
  const parcel = await parcelFor(user, parcelId);
  if (parcel.sellerId !== user.id) throw forbidden("Only the seller can download the label", "not_seller");
  if (!parcel.status || !parcel.providerShipmentId || !parcel.trackingCode) throw notFound("The label has not been made yet", "label_not_ready");
  const input = await shipmentInput(parcel.id);
  try {
    return await shippingProvider().label({
      ...input,
      carrier: parcel.carrier as CreateShipmentInput["carrier"],
      providerShipmentId: parcel.providerShipmentId,
      trackingCode: parcel.trackingCode,
      trackingUrl: parcel.trackingUrl ?? "",
    });
  } catch (error) {
    log().error({ err: error, parcelId }, "fetching the label failed");
    throw new AppError("unavailable", "The label cannot be fetched right now. Please try again.", { code: "provider_error" });
  }
}

export const TEST_EVENTS = ["in_transit", "delivered", "returned", "lost"] as const satisfies readonly ShipmentStatus[];

/**
 * POST /api/shipping/test/{shipment_id}/{event}: a carrier's scan, played by the test
 * provider (404 while a real provider is configured). The buyer, the seller or an admin.
 */
export async function testShipmentEvent(user: Viewer, parcelId: string, event: (typeof TEST_EVENTS)[number]): Promise<OrderJson> {
  if (shippingProvider().name !== "test") throw notFound("Not found", "not_found");
  // A return's id plays the return's scans (docs/returns.md).
  const returnOrder = await testReturnEvent(user, parcelId, event);
  if (returnOrder) return escrow().orderFor(user, returnOrder);
  const parcel = await parcelFor(user, parcelId);
  if (!parcel.status) throw new AppError("conflict", "The label has not been made yet", { code: "invalid_state" });
  await applyTracking(parcel.id, event, new Date(), "test");
  const order = await db.order.findFirst({ where: { parcelId: parcel.id }, orderBy: { createdAt: "asc" }, select: { id: true } });
  return escrow().orderFor(user, order!.id);
}

/**
 * POST /api/webhooks/shipping/myparcel: the body only claims which shipments changed;
 * each claim counts only after the provider confirms the shipment's status.
 */
export async function handleShippingWebhook(rawBody: string): Promise<ShippingWebhookJson> {
  const provider = shippingProvider();
  const ids = provider.parseWebhook(rawBody);
  let applied = 0;
  for (const id of ids.slice(0, 100)) {
    const parcel = await parcelByProviderId(provider.name, id);
    if (!parcel) {
      const ret = await returnByProviderId(provider.name, id);
      if (!ret) continue;
      const state = await provider.shipmentState(id);
      if ((state.status === "in_transit" || state.status === "delivered") && (await applyReturnTracking(ret.id, state.status, state.at, "provider"))) applied += 1;
      continue;
    }
    const state = await provider.shipmentState(id);
    if (state.status && (await applyTracking(parcel.id, state.status, state.at, "provider"))) applied += 1;
  }
  return { received: ids.length, applied };
}

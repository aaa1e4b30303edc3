/**
 * Shipping fixtures (docs/shipping.md): a seller's listing that ships, bought by a buyer
 * to a home address or a service point through the real endpoints with the test payment
 * and shipping providers, and the seller's label and the carrier's test scans.
 */
import { POST as createCheckout } from "@/app/api/payment/create-checkout/route";
import { POST as createShipment } from "@/app/api/transactions/[id]/shipment/route";
import { POST as testEvent } from "@/app/api/shipping/test/[shipmentId]/[event]/route";
import { GET as servicePoints } from "@/app/api/shipping/service-points/route";
import { db } from "@/lib/platform/db/client";
import { insertProduct, type Place } from "./catalog";
import { call, type CallResult } from "./http";
import { press } from "./orders";
import type { RegisteredUser } from "./factories";

export const HOME = {
  name: "Sanne de Vries",
  street: "Oudegracht",
  house_number: "158",
  house_number_suffix: "bis",
  postcode: "3511az",
  city: "Utrecht",
  country: "NL",
} as const;

export function shippedProduct(
  seller: RegisteredUser,
  options: { priceCents?: number; size?: "mailbox" | "parcel" | "large"; pickupToo?: boolean; title?: string; place?: Place } = {},
) {
  return insertProduct({
    sellerId: seller.id,
    title: options.title ?? "Vintage platenspeler",
    priceCents: options.priceCents ?? 4000,
    deliveryOptions: options.pickupToo === false ? ["shipping"] : ["pickup", "shipping"],
    parcelSize: options.size ?? "parcel",
    place: options.place,
  });
}

export function shipCheckout(buyer: RegisteredUser, productId: string, extra: Record<string, unknown> = { shipping_address: HOME }): Promise<CallResult> {
  return call(createCheckout, { token: buyer.token, json: { product_id: productId, delivery_method: "shipping", ...extra } });
}

/** The first service point near a postcode (the API lists it, so a checkout may name it). */
export async function firstServicePoint(postcode = "3511 AZ", country = "NL") {
  const res = await call(servicePoints, { path: `/api/shipping/service-points?postcode=${encodeURIComponent(postcode)}&country=${country}` });
  if (res.status !== 200) throw new Error(`service points: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.service_points[0];
}

/** Bought and paid with shipping: the held order's id and its session. */
export async function buyShipped(buyer: RegisteredUser, productId: string, extra?: Record<string, unknown>) {
  const started = await shipCheckout(buyer, productId, extra);
  if (started.status !== 200) throw new Error(`checkout failed: ${started.status} ${JSON.stringify(started.body)}`);
  const paid = await press(buyer, started.body.session_id, "pay");
  if (paid.status !== 200) throw new Error(`pay failed: ${paid.status} ${JSON.stringify(paid.body)}`);
  return { orderId: started.body.transaction_ids[0] as string, sessionId: started.body.session_id as string };
}

/** The seller's sender address, which a label needs (docs/returns.md). */
export async function giveSenderAddress(userId: string) {
  const address = { street: "Neude", houseNumber: "11", postcode: "3512 AE", city: "Utrecht" };
  await db.senderAddress.upsert({ where: { userId }, create: { userId, ...address }, update: {} });
}

/** The seller's label; the order's seller is given a sender address first unless `withoutSender`. */
export async function makeLabel(seller: RegisteredUser, orderId: string, options: { withoutSender?: boolean } = {}) {
  if (!options.withoutSender) {
    const order = await db.order.findUnique({ where: { id: orderId }, select: { sellerId: true } });
    if (order) await giveSenderAddress(order.sellerId);
  }
  return call(createShipment, { token: seller.token, method: "POST", params: { id: orderId } });
}

export function scan(user: RegisteredUser, shipmentId: string, event: "in_transit" | "delivered" | "returned" | "lost") {
  return call(testEvent, { token: user.token, method: "POST", params: { shipmentId, event } });
}

/** Paid, labelled: the order id and the shipment's id. */
export async function labelled(seller: RegisteredUser, buyer: RegisteredUser, productId: string) {
  const { orderId } = await buyShipped(buyer, productId);
  const label = await makeLabel(seller, orderId);
  if (label.status !== 200) throw new Error(`label failed: ${label.status} ${JSON.stringify(label.body)}`);
  return { orderId, shipmentId: label.body.shipment.id as string };
}

/**
 * Returns fixtures (docs/returns.md): a shipped order delivered and disputed, and the
 * return, partial refund and withdrawal endpoints as their users call them.
 */
import { expect } from "vitest";
import { GET as listDisputesRoute } from "@/app/api/admin/disputes/route";
import { POST as resolveRoute } from "@/app/api/admin/disputes/[id]/resolve/route";
import { GET as returnLabelRoute } from "@/app/api/returns/[id]/label/route";
import { GET as listOrders } from "@/app/api/transactions/route";
import { POST as confirmDeliveryRoute } from "@/app/api/transactions/[id]/confirm-delivery/route";
import { POST as acceptRequestRoute } from "@/app/api/transactions/[id]/return/accept-request/route";
import { POST as acceptReturnRoute } from "@/app/api/transactions/[id]/return/accept/route";
import { POST as problemRoute } from "@/app/api/transactions/[id]/return/problem/route";
import { POST as offerRoute } from "@/app/api/transactions/[id]/partial-refund/route";
import { POST as acceptOfferRoute } from "@/app/api/transactions/[id]/partial-refund/accept/route";
import { POST as refuseOfferRoute } from "@/app/api/transactions/[id]/partial-refund/refuse/route";
import { POST as withdrawRoute } from "@/app/api/transactions/[id]/withdraw/route";
import { db } from "@/lib/platform/db/client";
import { call, type CallResult } from "./http";
import type { RegisteredUser } from "./factories";
import { labelled, scan, shippedProduct } from "./shipping";

export const ADMIN_IP = "198.51.100.49";

/** The order as its buyer or seller sees it in their list. */
export async function orderAs(user: RegisteredUser, id: string, role: "buyer" | "seller") {
  const res = await call(listOrders, { token: user.token, path: `/api/transactions?role=${role}&limit=100` });
  return res.body.find((o: { id: string }) => o.id === id);
}
export const resolve = (admin: RegisteredUser, id: string, json: Record<string, unknown>) =>
  call(resolveRoute, { token: admin.token, ip: ADMIN_IP, params: { id }, json });
export const listDisputes = (admin: RegisteredUser) => call(listDisputesRoute, { token: admin.token, ip: ADMIN_IP });
export const acceptRequest = (user: RegisteredUser, id: string) => call(acceptRequestRoute, { token: user.token, method: "POST", params: { id } });
export const acceptReturn = (user: RegisteredUser, id: string) => call(acceptReturnRoute, { token: user.token, method: "POST", params: { id } });
export const reportProblem = (user: RegisteredUser, id: string, json: Record<string, unknown>) => call(problemRoute, { token: user.token, params: { id }, json });
export const offer = (user: RegisteredUser, id: string, amount: unknown) => call(offerRoute, { token: user.token, params: { id }, json: { amount } });
export const acceptOffer = (user: RegisteredUser, id: string) => call(acceptOfferRoute, { token: user.token, method: "POST", params: { id } });
export const refuseOffer = (user: RegisteredUser, id: string) => call(refuseOfferRoute, { token: user.token, method: "POST", params: { id } });
export const withdraw = (user: RegisteredUser, id: string) => call(withdrawRoute, { token: user.token, method: "POST", params: { id } });
export const returnLabel = (user: RegisteredUser, id: string) => call(returnLabelRoute, { token: user.token, params: { id } });

export function dispute(buyer: RegisteredUser, orderId: string, photos: string[] = []): Promise<CallResult> {
  return call(confirmDeliveryRoute, { token: buyer.token, params: { id: orderId }, json: { confirmation_type: "dispute", notes: "Niet zoals beschreven: vlekken op de mouw.", photos } });
}

/** Shipped, delivered by the carrier, and disputed by the buyer. */
export async function disputedParcel(seller: RegisteredUser, buyer: RegisteredUser, options: { priceCents?: number; title?: string } = {}) {
  const productId = await shippedProduct(seller, { priceCents: options.priceCents ?? 4000, title: options.title ?? "Wollen jas" });
  const { orderId, shipmentId } = await labelled(seller, buyer, productId);
  await scan(buyer, shipmentId, "delivered");
  const res = await dispute(buyer, orderId);
  expect(res.status).toBe(200);
  return { orderId, productId, shipmentId };
}

/** The order's return id, as its JSON names it. */
export async function returnIdOf(buyer: RegisteredUser, orderId: string): Promise<string> {
  const order = await orderAs(buyer, orderId, "buyer");
  expect(order.return).not.toBeNull();
  return order.return.id as string;
}

export const eventsFor = (userId: string, event: string) => db.notification.count({ where: { userId, event } });

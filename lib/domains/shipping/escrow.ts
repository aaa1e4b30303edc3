/**
 * What the shipping lifecycle asks of the escrow. The escrow is the orders domain, which
 * builds on this one (its checkout plans the parcels, its order JSON shows the shipment),
 * so it hands these in once at start-up (lib/domains/register.ts) instead of being
 * imported: the two domains never import each other both ways.
 */
import type { Tx } from "@/lib/platform/db/client";
import type { DeliveryStatus, Order, OrderStatus, ShipmentStatus } from "@/lib/platform/db/generated/client";

export type Viewer = { id: string; isAdmin: boolean };

/** An order's JSON as its viewer sees it (the orders domain's serializer). */
export type OrderJson = { id: string };

export type Escrow = {
  /** A transaction retried when PostgreSQL aborts it for a deadlock or a serialization conflict. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** The whole payment goes back: its ledger row, in the caller's transaction. */
  recordRefundDue(tx: Tx, order: Order): Promise<unknown>;
  /** The refund's provider call, after the commit (the escrow job retries it). */
  executeRefund(orderId: string): Promise<boolean>;
  /** May the seller make the label of an order in this state? */
  mayCreateShipment(state: { status: OrderStatus; deliveryStatus: DeliveryStatus; delivery: "pickup" | "shipping"; shipment: ShipmentStatus | null; claimOpen: boolean }): boolean;
  /** The order as the viewer sees it (404 for anyone who may not). */
  orderFor(viewer: Viewer, orderId: string): Promise<OrderJson>;
  /** When the seller of an order confirmed at `confirmedAt` is paid. */
  payoutDate(tx: Tx, order: { id: string }, confirmedAt: Date): Promise<Date>;
};

export const ORDER_NOT_FOUND = "Order not found";
export const DAY_MS = 24 * 60 * 60 * 1000;

let registered: Escrow | null = null;

export function registerEscrow(implementation: Escrow): void {
  registered = implementation;
}

export function escrow(): Escrow {
  if (!registered) throw new Error("The escrow is not registered: import lib/domains/register.ts first");
  return registered;
}

/**
 * The escrow as the shipping lifecycle sees it (lib/domains/shipping/escrow.ts):
 * registered once at start-up by lib/domains/register.ts.
 */
import type { Escrow } from "@/lib/domains/shipping";
import { recordRefundDue } from "./ledger";
import { getOrder } from "./service";
import { executeRefund } from "./settlement";
import { payoutDate } from "./order-state";
import { decide } from "./states";
import { escrowTx } from "./tx";

export const shippingEscrow: Escrow = {
  transaction: escrowTx,
  recordRefundDue,
  executeRefund,
  mayCreateShipment: (state) => decide(state, "create_shipment", "seller") === "ok",
  orderFor: getOrder,
  payoutDate,
};

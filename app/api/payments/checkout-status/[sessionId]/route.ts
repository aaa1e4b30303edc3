// GET /api/payments/checkout-status/{session_id} (the buyer): {status, payment_status,
// amount_total (cents), transaction_id}; runs the same fulfilment as the webhook.
import { route } from "@/lib/api/route";
import { checkoutStatus } from "@/lib/orders/checkout-status";
import { sessionParams } from "@/lib/orders/schemas";

export const GET = route({
  auth: "user",
  params: sessionParams,
  handler: ({ user, params }) => checkoutStatus(user, params.sessionId),
});

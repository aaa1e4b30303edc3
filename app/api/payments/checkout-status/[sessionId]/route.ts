// GET /api/payments/checkout-status/{session_id} (the buyer): {status, payment_status,
// amount_total (cents), transaction_id}; runs the same fulfilment as the webhook.
import { route } from "@/lib/domains/route";
import { checkoutStatus } from "@/lib/domains/orders";
import { sessionParams } from "@/lib/domains/orders";

export const GET = route({
  auth: "user",
  params: sessionParams,
  handler: ({ user, params }) => checkoutStatus(user, params.sessionId),
});

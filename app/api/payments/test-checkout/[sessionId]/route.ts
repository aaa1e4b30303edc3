// GET /api/payments/test-checkout/{session_id}: the test provider's checkout (404 while
// Stripe is configured).
import { route } from "@/lib/api/route";
import { testCheckoutView } from "@/lib/orders/checkout-status";
import { sessionParams } from "@/lib/orders/schemas";

export const GET = route({
  auth: "user",
  params: sessionParams,
  handler: ({ user, params }) => testCheckoutView(user, params.sessionId),
});

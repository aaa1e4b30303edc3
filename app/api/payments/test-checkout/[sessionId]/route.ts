// GET /api/payments/test-checkout/{session_id}: the test provider's checkout (404 while
// Stripe is configured).
import { route } from "@/lib/domains/route";
import { testCheckoutView } from "@/lib/domains/orders";
import { sessionParams } from "@/lib/domains/orders";

export const GET = route({
  auth: "user",
  params: sessionParams,
  handler: ({ user, params }) => testCheckoutView(user, params.sessionId),
});

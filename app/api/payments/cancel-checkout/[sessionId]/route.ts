// POST /api/payments/cancel-checkout/{session_id} (the buyer came back with Cancel): the
// checkout ends and its items are available again.
import { route } from "@/lib/domains/route";
import { cancelCheckout } from "@/lib/domains/orders";
import { sessionParams } from "@/lib/domains/orders";

export const POST = route({
  auth: "user",
  params: sessionParams,
  handler: ({ user, params }) => cancelCheckout(user, params.sessionId),
});

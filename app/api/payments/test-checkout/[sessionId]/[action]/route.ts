// POST /api/payments/test-checkout/{session_id}/pay | fail | cancel: the test provider's
// buttons. They change state as Stripe's webhook events would, then redirect (303) as
// Stripe does; JSON clients (Accept: application/json) get {redirect_url, ...} instead.
import { z } from "zod";
import { json, route } from "@/lib/api/route";
import { testCheckoutAction } from "@/lib/orders/checkout-status";

export const POST = route({
  auth: "user",
  params: z.object({ sessionId: z.string().min(1).max(300), action: z.enum(["pay", "fail", "cancel"]) }),
  handler: async ({ user, params, req }) => {
    const result = await testCheckoutAction(user, params.sessionId, params.action);
    if ((req.headers.get("accept") ?? "").includes("application/json")) return json(result);
    return new Response(null, { status: 303, headers: { Location: new URL(result.redirect_url, req.url).toString() } });
  },
});

// POST /api/payments/test-checkout/{session_id}/pay | fail | cancel: the test provider's
// buttons. They change state as Stripe's webhook events would, then redirect (303) as
// Stripe does; JSON clients (Accept: application/json) get {redirect_url, ...} instead.
import { z } from "zod";
import { AppError } from "@/lib/platform/api/errors";
import { json, route } from "@/lib/domains/route";
import { testCheckoutAction } from "@/lib/domains/orders";

export const POST = route({
  auth: "user",
  params: z.object({ sessionId: z.string().min(1).max(300), action: z.enum(["pay", "fail", "cancel"]) }),
  handler: async ({ user, params, req }) => {
    const wantsJson = (req.headers.get("accept") ?? "").includes("application/json");
    const redirect = (to: string) => new Response(null, { status: 303, headers: { Location: new URL(to, req.url).toString() } });
    try {
      const result = await testCheckoutAction(user, params.sessionId, params.action);
      return wantsJson ? json(result) : redirect(result.redirect_url);
    } catch (error) {
      // A browser posting the form of a checkout that already ended (a second tab, the
      // back button) is shown that checkout's result page, not a JSON error.
      const ended = error instanceof AppError && (error.code === "checkout_closed" || error.code === "checkout_expired");
      if (wantsJson || !ended) throw error;
      return redirect(`/payment-success?session_id=${encodeURIComponent(params.sessionId)}`);
    }
  },
});

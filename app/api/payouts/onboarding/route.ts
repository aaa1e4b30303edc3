// POST /api/payouts/onboarding: a Stripe Connect onboarding link {url} (409 in test mode).
import { route } from "@/lib/api/route";
import { returnOrigin } from "@/lib/orders/checkout";
import { startPayoutOnboarding } from "@/lib/orders/payout-accounts";
import { requestOrigin } from "@/lib/orders/request";

export const POST = route({
  auth: "user",
  handler: ({ user, req }) => startPayoutOnboarding(user, returnOrigin(undefined, requestOrigin(req))),
});

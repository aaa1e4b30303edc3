// POST /api/payouts/onboarding: a Stripe Connect onboarding link {url} (409 in test mode).
import { route } from "@/lib/platform/api/route";
import { returnOrigin } from "@/lib/domains/orders/checkout";
import { startPayoutOnboarding } from "@/lib/domains/orders/payout-accounts";

export const POST = route({
  auth: "user",
  handler: ({ user }) => startPayoutOnboarding(user, returnOrigin(undefined)),
});

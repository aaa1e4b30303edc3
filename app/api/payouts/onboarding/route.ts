// POST /api/payouts/onboarding: a Stripe Connect onboarding link {url} (409 in test mode).
import { route } from "@/lib/domains/route";
import { returnOrigin } from "@/lib/domains/orders";
import { startPayoutOnboarding } from "@/lib/domains/orders";

export const POST = route({
  auth: "user",
  handler: ({ user }) => startPayoutOnboarding(user, returnOrigin(undefined)),
});

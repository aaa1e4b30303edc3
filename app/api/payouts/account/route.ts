// GET /api/payouts/account: the seller's payout set-up {provider, required, connected,
// details_submitted, payouts_enabled}.
import { route } from "@/lib/domains/route";
import { payoutAccountOf } from "@/lib/domains/orders";

export const GET = route({ auth: "user", handler: ({ user }) => payoutAccountOf(user) });

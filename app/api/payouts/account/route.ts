// GET /api/payouts/account: the seller's payout set-up {provider, required, connected,
// details_submitted, payouts_enabled}.
import { route } from "@/lib/api/route";
import { payoutAccountOf } from "@/lib/orders/payout-accounts";

export const GET = route({ auth: "user", handler: ({ user }) => payoutAccountOf(user) });

// GET /api/shipping/address: the buyer's last shipping destination (home address and/or
// service point), offered again at the next checkout.
import { route } from "@/lib/domains/route";
import { lastDestination } from "@/lib/domains/shipping";

export const GET = route({ auth: "user", handler: ({ user }) => lastDestination(user.id) });

// POST /api/transactions/{id}/withdraw: the buyer of a business seller's order withdraws
// within 14 days of receiving it; 409 for a private seller or after the period.
import { route } from "@/lib/domains/route";
import { idParams, withdraw } from "@/lib/domains/orders";

export const POST = route({ auth: "user", params: idParams, handler: ({ user, params }) => withdraw(user, params.id) });

// POST /api/transactions/{id}/partial-refund/refuse: the buyer declines the seller's
// offer; the dispute stays with an admin.
import { route } from "@/lib/domains/route";
import { idParams, refusePartialRefund } from "@/lib/domains/orders";

export const POST = route({ auth: "user", params: idParams, handler: ({ user, params }) => refusePartialRefund(user, params.id) });

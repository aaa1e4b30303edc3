// POST /api/transactions/{id}/partial-refund/accept: the buyer takes the seller's offer;
// the offer is refunded and the seller is paid the rest.
import { route } from "@/lib/domains/route";
import { acceptPartialRefund, idParams } from "@/lib/domains/orders";

export const POST = route({ auth: "user", params: idParams, handler: ({ user, params }) => acceptPartialRefund(user, params.id) });

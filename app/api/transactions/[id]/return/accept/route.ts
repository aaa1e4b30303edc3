// POST /api/transactions/{id}/return/accept: the seller accepts the returned item during
// the inspection; the buyer is refunded at once and the item is for sale again.
import { route } from "@/lib/domains/route";
import { acceptReturn, idParams } from "@/lib/domains/orders";

export const POST = route({ auth: "user", params: idParams, handler: ({ user, params }) => acceptReturn(user, params.id) });

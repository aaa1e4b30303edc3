// POST /api/transactions/{id}/cancel: the buyer, on an unpaid (pending) order.
import { route } from "@/lib/domains/route";
import { idParams } from "@/lib/domains/orders";
import { cancelOrder } from "@/lib/domains/orders";

export const POST = route({ auth: "user", params: idParams, handler: ({ user, params }) => cancelOrder(user, params.id) });

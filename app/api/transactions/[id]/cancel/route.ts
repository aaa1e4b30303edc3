// POST /api/transactions/{id}/cancel: the buyer, on an unpaid (pending) order.
import { route } from "@/lib/platform/api/route";
import { idParams } from "@/lib/domains/orders/schemas";
import { cancelOrder } from "@/lib/domains/orders/service";

export const POST = route({ auth: "user", params: idParams, handler: ({ user, params }) => cancelOrder(user, params.id) });

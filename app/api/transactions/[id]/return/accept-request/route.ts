// POST /api/transactions/{id}/return/accept-request: the seller of a disputed order takes
// the item back without an admin; the buyer gets a return label (docs/returns.md).
import { route } from "@/lib/domains/route";
import { acceptReturnRequest, idParams } from "@/lib/domains/orders";

export const POST = route({ auth: "user", params: idParams, handler: ({ user, params }) => acceptReturnRequest(user, params.id) });

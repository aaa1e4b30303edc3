// POST /api/transactions/{id}/seller-cancel: the seller, on a held order before the
// handover; the buyer gets a full refund.
import { route } from "@/lib/platform/api/route";
import { idParams } from "@/lib/domains/orders/schemas";
import { sellerCancel } from "@/lib/domains/orders/service";

export const POST = route({ auth: "user", params: idParams, handler: ({ user, params }) => sellerCancel(user, params.id) });

// POST /api/transactions/{id}/seller-cancel: the seller, on a held order before the
// handover; the buyer gets a full refund.
import { route } from "@/lib/domains/route";
import { idParams } from "@/lib/domains/orders";
import { sellerCancel } from "@/lib/domains/orders";

export const POST = route({ auth: "user", params: idParams, handler: ({ user, params }) => sellerCancel(user, params.id) });

// POST /api/transactions/{id}/confirm-delivery {transaction_id, confirmation_type:
// delivered | dispute, notes}: the buyer only, on a held order awaiting its handover.
import { route } from "@/lib/domains/route";
import { confirmDeliveryBody, idParams } from "@/lib/domains/orders";
import { confirmDelivery } from "@/lib/domains/orders";

export const POST = route({
  auth: "user",
  params: idParams,
  body: confirmDeliveryBody,
  handler: ({ user, params, body }) =>
    confirmDelivery(user, params.id, { confirmationType: body.confirmation_type, notes: body.notes ?? null, photos: body.photos }),
});

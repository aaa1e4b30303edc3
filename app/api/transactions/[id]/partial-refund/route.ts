// POST /api/transactions/{id}/partial-refund {amount}: the seller of a disputed order
// offers part of the price back (less than the price); the buyer answers.
import { route } from "@/lib/domains/route";
import { idParams, offerPartialRefund, partialRefundBody } from "@/lib/domains/orders";

export const POST = route({ auth: "user", params: idParams, body: partialRefundBody, handler: ({ user, params, body }) => offerPartialRefund(user, params.id, body.amount) });

// POST /api/conversations/{id}/offers {amount}: the buyer offers below the price.
import { route } from "@/lib/domains/route";
import { amountBody, idParams } from "@/lib/domains/messaging";
import { makeOffer } from "@/lib/domains/offers";
import { requestLocale } from "@/lib/domains/orders";

export const POST = route({
  auth: "user",
  params: idParams,
  body: amountBody,
  status: 201,
  handler: ({ user, params, body, req }) => makeOffer(user, params.id, body.amount, requestLocale(req)),
});

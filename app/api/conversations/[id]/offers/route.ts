// POST /api/conversations/{id}/offers {amount}: the buyer offers below the price.
import { route } from "@/lib/platform/api/route";
import { amountBody, idParams } from "@/lib/domains/messaging/schemas";
import { makeOffer } from "@/lib/domains/offers/service";
import { requestLocale } from "@/lib/domains/orders/request";

export const POST = route({
  auth: "user",
  params: idParams,
  body: amountBody,
  status: 201,
  handler: ({ user, params, body, req }) => makeOffer(user, params.id, body.amount, requestLocale(req)),
});

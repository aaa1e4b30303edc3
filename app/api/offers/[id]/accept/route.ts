// POST /api/offers/{id}/accept.
import { route } from "@/lib/api/route";
import { amountBody, idParams } from "@/lib/messaging/schemas";
import { respondToOffer } from "@/lib/offers/service";
import { requestLocale } from "@/lib/orders/request";

export const POST = route({
  auth: "user",
  params: idParams,
  body: amountBody,
  handler: ({ user, params, body, req }) => respondToOffer(user, params.id, "accept", body.amount, requestLocale(req)),
});

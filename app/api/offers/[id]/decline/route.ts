// POST /api/offers/{id}/decline.
import { route } from "@/lib/api/route";
import { amountBody, idParams } from "@/lib/messaging/schemas";
import { respondToOffer } from "@/lib/offers/service";
import { requestLocale } from "@/lib/orders/request";

export const POST = route({
  auth: "user",
  params: idParams,
  body: amountBody,
  handler: ({ user, params, body, req }) => respondToOffer(user, params.id, "decline", body.amount, requestLocale(req)),
});

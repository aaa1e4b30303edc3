// POST /api/offers/{id}/decline.
import { route } from "@/lib/platform/api/route";
import { amountBody, idParams } from "@/lib/domains/messaging/schemas";
import { respondToOffer } from "@/lib/domains/offers/service";
import { requestLocale } from "@/lib/domains/orders/request";

export const POST = route({
  auth: "user",
  params: idParams,
  body: amountBody,
  handler: ({ user, params, body, req }) => respondToOffer(user, params.id, "decline", body.amount, requestLocale(req)),
});

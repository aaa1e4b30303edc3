// POST /api/offers/{id}/withdraw.
import { route } from "@/lib/domains/route";
import { amountBody, idParams } from "@/lib/domains/messaging";
import { respondToOffer } from "@/lib/domains/offers";
import { requestLocale } from "@/lib/domains/orders";

export const POST = route({
  auth: "user",
  params: idParams,
  body: amountBody,
  handler: ({ user, params, body, req }) => respondToOffer(user, params.id, "withdraw", body.amount, requestLocale(req)),
});

// POST /api/products/{id}/offers {amount}: an offer from the listing;
// the conversation with the seller is made when there is none. 201 with the offer.
import { route } from "@/lib/domains/route";
import { amountBody, idParams } from "@/lib/domains/messaging";
import { offerOnListing } from "@/lib/domains/offers";
import { requestLocale } from "@/lib/domains/orders";

export const POST = route({
  auth: "user",
  params: idParams,
  body: amountBody,
  status: 201,
  handler: ({ user, params, body, req }) => offerOnListing(user, params.id, body.amount, requestLocale(req)),
});

// POST /api/payments/create-checkout-cart {origin_url}: one payment for the whole cart,
// one order per item.
import { route } from "@/lib/api/route";
import { returnOrigin, startCartCheckout } from "@/lib/orders/checkout";
import { requestLocale } from "@/lib/orders/request";
import { cartCheckoutBody, cartCheckoutQuery } from "@/lib/orders/schemas";

export const POST = route({
  auth: "user",
  query: cartCheckoutQuery,
  body: cartCheckoutBody,
  handler: ({ user, query, body, req, ip }) =>
    startCartCheckout(user, {
      origin: returnOrigin(body.origin_url ?? query.origin_url),
      locale: requestLocale(req),
      ip,
    }),
});

// POST /api/payments/create-checkout-cart {origin_url, expected_prices?, expected_total?}:
// one payment for the whole cart, one order per item.
import { route } from "@/lib/domains/route";
import { returnOrigin, shownCartPrices, startCartCheckout } from "@/lib/domains/orders";
import { deliveryRequestOf, requestLocale } from "@/lib/domains/orders";
import { cartCheckoutBody, cartCheckoutQuery } from "@/lib/domains/orders";

export const POST = route({
  auth: "user",
  query: cartCheckoutQuery,
  body: cartCheckoutBody,
  handler: ({ user, query, body, req, ip }) =>
    startCartCheckout(user, {
      origin: returnOrigin(body.origin_url ?? query.origin_url),
      locale: requestLocale(req),
      ip,
      shown: shownCartPrices(body.expected_prices, body.expected_total ?? query.expected_total),
      delivery: deliveryRequestOf(body),
    }),
});

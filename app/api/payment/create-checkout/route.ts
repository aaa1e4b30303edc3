// POST /api/payment/create-checkout {product_id, expected_price?, expected_total?} (the
// product page): reserves the item and answers {checkout_url, session_id, transaction_ids}.
import { route } from "@/lib/domains/route";
import { returnOrigin, shownPrices, startCheckout } from "@/lib/domains/orders";
import { deliveryRequestOf, requestLocale } from "@/lib/domains/orders";
import { productCheckoutBody } from "@/lib/domains/orders";

export const POST = route({
  auth: "user",
  body: productCheckoutBody,
  handler: ({ user, body, req, ip }) =>
    startCheckout(user, [body.product_id], {
      origin: returnOrigin(body.origin_url),
      locale: requestLocale(req),
      ip,
      shown: shownPrices(body.product_id, body.expected_price, body.expected_total),
      delivery: deliveryRequestOf(body),
    }),
});

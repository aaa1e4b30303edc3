// POST /api/payments/create-checkout (product cards, the cart page's notes): product_id
// and origin_url (and the optional expected_price, expected_total) in the query or the body.
import { AppError } from "@/lib/platform/api/errors";
import { route } from "@/lib/domains/route";
import { returnOrigin, shownPrices, startCheckout } from "@/lib/domains/orders";
import { deliveryRequestOf, requestLocale } from "@/lib/domains/orders";
import { looseCheckoutBody, looseCheckoutQuery } from "@/lib/domains/orders";

export const POST = route({
  auth: "user",
  query: looseCheckoutQuery,
  body: looseCheckoutBody,
  handler: ({ user, query, body, req, ip }) => {
    const productId = query.product_id?.trim() || body.product_id?.trim();
    if (!productId) {
      throw new AppError("validation", "product_id is required", { code: "validation", errors: [{ field: "product_id", message: "product_id is required" }] });
    }
    return startCheckout(user, [productId], {
      origin: returnOrigin(query.origin_url ?? body.origin_url),
      locale: requestLocale(req),
      ip,
      shown: shownPrices(productId, query.expected_price ?? body.expected_price, query.expected_total ?? body.expected_total),
      delivery: deliveryRequestOf(body),
    });
  },
});

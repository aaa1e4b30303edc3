// POST /api/cart/add?product_id=: not your own, sold or reserved products.
import { route } from "@/lib/api/route";
import { addToCart } from "@/lib/orders/cart";
import { productIdQuery } from "@/lib/orders/schemas";

export const POST = route({
  auth: "user",
  query: productIdQuery,
  handler: ({ user, query }) => addToCart(user.id, query.product_id),
});

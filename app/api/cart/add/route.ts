// POST /api/cart/add?product_id=: not your own, sold or reserved products.
import { route } from "@/lib/domains/route";
import { addToCart } from "@/lib/domains/orders";
import { productIdQuery } from "@/lib/domains/orders";

export const POST = route({
  auth: "user",
  query: productIdQuery,
  handler: ({ user, query }) => addToCart(user.id, query.product_id),
});

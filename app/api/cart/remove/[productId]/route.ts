// DELETE /api/cart/remove/{product_id}
import { z } from "zod";
import { route } from "@/lib/domains/route";
import { removeFromCart } from "@/lib/domains/orders";

export const DELETE = route({
  auth: "user",
  params: z.object({ productId: z.string() }),
  handler: ({ user, params }) => removeFromCart(user.id, params.productId),
});

// GET /api/cart: the signed-in user's cart, {items: [{product_id, added_at, product}]}.
import { route } from "@/lib/platform/api/route";
import { getCart } from "@/lib/domains/orders/cart";

export const GET = route({ auth: "user", handler: ({ user }) => getCart(user.id) });

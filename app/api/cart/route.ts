// GET /api/cart: the signed-in user's cart, {items: [{product_id, added_at, product}]}.
import { route } from "@/lib/domains/route";
import { getCart } from "@/lib/domains/orders";

export const GET = route({ auth: "user", handler: ({ user }) => getCart(user.id) });

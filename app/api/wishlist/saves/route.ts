// GET /api/wishlist/saves: signed-in users. {counts: {productId: n}}: how many people saved each of their own products.
import { route } from "@/lib/api/route";
import { savesOfOwnProducts } from "@/lib/wishlist/service";

export const GET = route({
  auth: "user",
  handler: ({ user }) => savesOfOwnProducts(user.id),
});

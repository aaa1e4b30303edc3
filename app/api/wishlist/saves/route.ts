// GET /api/wishlist/saves: signed-in users. {counts: {productId: n}}: how many people saved each of their own products.
import { route } from "@/lib/domains/route";
import { wishlistCountsOfOwnProducts } from "@/lib/domains/wishlist";

export const GET = route({
  auth: "user",
  handler: ({ user }) => wishlistCountsOfOwnProducts(user.id),
});

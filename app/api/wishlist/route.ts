// GET /api/wishlist: signed-in users. {products}: their saved products, newest saved first.
import { route } from "@/lib/domains/route";
import { viewerOf } from "@/lib/domains/catalog";
import { listWishlist } from "@/lib/domains/wishlist";

export const GET = route({
  auth: "user",
  handler: ({ user }) => listWishlist(viewerOf(user)!),
});

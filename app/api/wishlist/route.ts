// GET /api/wishlist: signed-in users. {products}: their saved products, newest saved first.
import { route } from "@/lib/api/route";
import { viewerOf } from "@/lib/catalog/service";
import { listWishlist } from "@/lib/wishlist/service";

export const GET = route({
  auth: "user",
  handler: ({ user }) => listWishlist(viewerOf(user)!),
});

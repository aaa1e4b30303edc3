// GET /api/wishlist: signed-in users. {products}: their saved products, newest saved first.
import { route } from "@/lib/platform/api/route";
import { viewerOf } from "@/lib/domains/catalog/service";
import { listWishlist } from "@/lib/domains/wishlist/service";

export const GET = route({
  auth: "user",
  handler: ({ user }) => listWishlist(viewerOf(user)!),
});

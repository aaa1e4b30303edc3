// GET /api/wishlist/check/{productId}: signed-in users. {is_in_wishlist}.
import { z } from "zod";
import { route } from "@/lib/domains/route";
import { isInWishlist } from "@/lib/domains/wishlist";

export const GET = route({
  auth: "user",
  params: z.object({ productId: z.string() }),
  handler: ({ params, user }) => isInWishlist(user.id, params.productId),
});

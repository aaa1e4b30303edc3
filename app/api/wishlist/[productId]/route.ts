// POST and DELETE /api/wishlist/{productId}: signed-in users save or unsave a product (idempotent; 404 for an unknown product).
import { z } from "zod";
import { route } from "@/lib/domains/route";
import { addToWishlist, removeFromWishlist } from "@/lib/domains/wishlist";

const params = z.object({ productId: z.string() });

export const POST = route({
  auth: "user",
  params,
  handler: ({ params, user }) => addToWishlist(user.id, params.productId),
});

export const DELETE = route({
  auth: "user",
  params,
  handler: ({ params, user }) => removeFromWishlist(user.id, params.productId),
});

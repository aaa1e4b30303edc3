// GET /api/users/me/products?limit&skip: signed-in users. Their own products, sold ones included.
import { json, route } from "@/lib/api/route";
import { pageQuerySchema } from "@/lib/catalog/schemas";
import { listSellerProducts } from "@/lib/catalog/sellers";
import { viewerOf } from "@/lib/catalog/service";

export const GET = route({
  auth: "user",
  query: pageQuerySchema,
  handler: async ({ query, user }) => {
    const { products, total } = await listSellerProducts(user.id, query, viewerOf(user), { includeSold: true });
    return json(products, 200, { "X-Total-Count": String(total) });
  },
});

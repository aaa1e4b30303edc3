// GET /api/products: anyone (browse and search, total in X-Total-Count). POST: signed-in users list a product.
import { json, route } from "@/lib/api/route";
import { listingSchema, productQuerySchema } from "@/lib/catalog/schemas";
import { searchProducts } from "@/lib/catalog/search";
import { createProduct, viewerOf } from "@/lib/catalog/service";

export const GET = route({
  auth: "optional",
  query: productQuerySchema,
  handler: async ({ query, user }) => {
    const { products, total } = await searchProducts(query, viewerOf(user));
    return json(products, 200, { "X-Total-Count": String(total) });
  },
});

export const POST = route({
  auth: "user",
  body: listingSchema,
  status: 201,
  handler: ({ body, user }) => createProduct(viewerOf(user)!, body),
});

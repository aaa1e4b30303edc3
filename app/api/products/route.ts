// GET /api/products: anyone (browse and search, total in X-Total-Count, a typo correction in
// X-Search-Suggestion). POST: signed-in users list a product.
import { json, route } from "@/lib/domains/route";
import { listingSchema, productQuerySchema } from "@/lib/domains/catalog";
import { searchProducts } from "@/lib/domains/catalog";
import { createProduct, viewerOf } from "@/lib/domains/catalog";

export const GET = route({
  auth: "optional",
  query: productQuerySchema,
  handler: async ({ query, user }) => {
    const { products, total, suggestion } = await searchProducts(query, viewerOf(user));
    // "Did you mean …?": the corrected search when the words as typed found nothing.
    const headers: Record<string, string> = { "X-Total-Count": String(total) };
    if (suggestion) headers["X-Search-Suggestion"] = encodeURIComponent(suggestion);
    return json(products, 200, headers);
  },
});

export const POST = route({
  auth: "user",
  body: listingSchema,
  status: 201,
  handler: ({ body, user }) => createProduct(viewerOf(user)!, body),
});

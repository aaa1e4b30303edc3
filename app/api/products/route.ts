// GET /api/products: anyone (browse and search, total in X-Total-Count, exact up to 1,000 and
// then 1000 with X-Total-Count-Capped: true; a typo correction in X-Search-Suggestion; the next
// keyset page's ?cursor= in X-Next-Cursor, lib/domains/catalog/cursor.ts). POST: signed-in users list a product.
import { json, route } from "@/lib/domains/route";
import { listingSchema, productQuerySchema } from "@/lib/domains/catalog";
import { searchProducts } from "@/lib/domains/catalog";
import { createProduct, viewerOf } from "@/lib/domains/catalog";

export const GET = route({
  auth: "optional",
  query: productQuerySchema,
  handler: async ({ query, user }) => {
    const { products, total, totalIsCapped, suggestion, nextCursor } = await searchProducts(query, viewerOf(user));
    // "Did you mean …?": the corrected search when the words as typed found nothing.
    const headers: Record<string, string> = { "X-Total-Count": String(total) };
    // Counted up to 1,000 and no further: "1.000+" (lib/domains/catalog/capped.ts).
    if (totalIsCapped) headers["X-Total-Count-Capped"] = "true";
    if (suggestion) headers["X-Search-Suggestion"] = encodeURIComponent(suggestion);
    // Deep pages cost what the first costs when they continue from here (`?cursor=`).
    if (nextCursor) headers["X-Next-Cursor"] = nextCursor;
    return json(products, 200, headers);
  },
});

export const POST = route({
  auth: "user",
  body: listingSchema,
  status: 201,
  handler: ({ body, user }) => createProduct(viewerOf(user)!, body),
});

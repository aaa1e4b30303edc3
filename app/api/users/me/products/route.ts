// GET /api/users/me/products?limit&skip: signed-in users. Their own products, sold ones
// included, each with `has_open_order`.
import { json, route } from "@/lib/domains/route";
import { pageQuerySchema } from "@/lib/domains/catalog";
import { listSellerProducts } from "@/lib/domains/catalog";
import { viewerOf } from "@/lib/domains/catalog";
import { productsWithOpenOrders } from "@/lib/domains/orders";

export const GET = route({
  auth: "user",
  query: pageQuerySchema,
  handler: async ({ query, user }) => {
    const { products, total } = await listSellerProducts(user.id, query, viewerOf(user), { includeSold: true });
    // The owner also learns which products have an open order (and cannot be deleted now).
    const open = await productsWithOpenOrders(products.map((p) => p.id));
    return json(
      products.map((p) => ({ ...p, has_open_order: open.has(p.id) })),
      200,
      { "X-Total-Count": String(total) },
    );
  },
});

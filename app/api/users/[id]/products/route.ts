// GET /api/users/{id}/products?limit&skip: anyone. A seller's products for sale, newest first.
import { z } from "zod";
import { json, route } from "@/lib/domains/route";
import { pageQuerySchema } from "@/lib/domains/catalog";
import { listSellerProducts } from "@/lib/domains/catalog";
import { viewerOf } from "@/lib/domains/catalog";

export const GET = route({
  auth: "optional",
  params: z.object({ id: z.string() }),
  query: pageQuerySchema,
  handler: async ({ params, query, user }) => {
    const { products, total } = await listSellerProducts(params.id, query, viewerOf(user));
    return json(products, 200, { "X-Total-Count": String(total) });
  },
});

// GET /api/users/{id}/products?limit&skip: anyone. A seller's products for sale, newest first.
import { z } from "zod";
import { json, route } from "@/lib/platform/api/route";
import { pageQuerySchema } from "@/lib/domains/catalog/schemas";
import { listSellerProducts } from "@/lib/domains/catalog/sellers";
import { viewerOf } from "@/lib/domains/catalog/service";

export const GET = route({
  auth: "optional",
  params: z.object({ id: z.string() }),
  query: pageQuerySchema,
  handler: async ({ params, query, user }) => {
    const { products, total } = await listSellerProducts(params.id, query, viewerOf(user));
    return json(products, 200, { "X-Total-Count": String(total) });
  },
});

// GET /api/users/{id}/reviews?limit&skip: anyone. The reviews a seller received, newest first (X-Total-Count).
import { z } from "zod";
import { json, route } from "@/lib/domains/route";
import { pageQuerySchema } from "@/lib/domains/catalog";
import { listSellerReviews } from "@/lib/domains/reviews";

export const GET = route({
  auth: "public",
  params: z.object({ id: z.string() }),
  query: pageQuerySchema,
  handler: async ({ params, query }) => {
    const { reviews, total } = await listSellerReviews(params.id, query);
    return json(reviews, 200, { "X-Total-Count": String(total) });
  },
});

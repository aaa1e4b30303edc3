// GET /api/products/{id}/rating: anyone. {average_rating, total_reviews}.
import { z } from "zod";
import { route } from "@/lib/domains/route";
import { productRating } from "@/lib/domains/reviews";

export const GET = route({
  auth: "public",
  params: z.object({ id: z.string() }),
  handler: ({ params }) => productRating(params.id),
});

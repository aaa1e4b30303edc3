// GET /api/products/{id}/rating: anyone. {average_rating, total_reviews}.
import { z } from "zod";
import { route } from "@/lib/platform/api/route";
import { productRating } from "@/lib/domains/reviews/service";

export const GET = route({
  auth: "public",
  params: z.object({ id: z.string() }),
  handler: ({ params }) => productRating(params.id),
});

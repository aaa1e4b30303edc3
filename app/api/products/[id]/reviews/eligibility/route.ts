// GET /api/products/{id}/reviews/eligibility: anyone. {can_review, reason}: the product page shows the review form only when true.
import { z } from "zod";
import { route } from "@/lib/domains/route";
import { reviewEligibility } from "@/lib/domains/reviews";

export const GET = route({
  auth: "optional",
  params: z.object({ id: z.string() }),
  handler: ({ params, user }) => reviewEligibility(user?.id ?? null, params.id),
});

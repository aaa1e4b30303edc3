// POST /api/reviews/{id}/reply {message}: the reviewed seller, once per review.
import { z } from "zod";
import { route } from "@/lib/domains/route";
import { replyInputSchema } from "@/lib/domains/reviews";
import { replyToReview } from "@/lib/domains/reviews";

export const POST = route({
  auth: "user",
  params: z.object({ id: z.string() }),
  body: replyInputSchema,
  handler: ({ params, body, user }) => replyToReview(user.id, params.id, body.message),
});

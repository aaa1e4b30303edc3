// GET /api/products/{id}/reviews?limit&skip: anyone (newest first, total in X-Total-Count).
// POST: the buyer of an order of this product whose handover is confirmed, once per order.
import { z } from "zod";
import { AppError } from "@/lib/platform/api/errors";
import { json, readJson, route } from "@/lib/domains/route";
import { pageQuerySchema } from "@/lib/domains/catalog";
import { REVIEW_MESSAGES, reviewInputSchema } from "@/lib/domains/reviews";
import { listProductReviews, submitReview } from "@/lib/domains/reviews";

const params = z.object({ id: z.string() });

export const GET = route({
  auth: "public",
  params,
  query: pageQuerySchema,
  handler: async ({ params, query }) => {
    const { reviews, total } = await listProductReviews(params.id, query);
    return json(reviews, 200, { "X-Total-Count": String(total) });
  },
});

export const POST = route({
  // "optional" so that a visitor gets the reviews' own login text, not the generic 401.
  auth: "optional",
  params,
  status: 201,
  handler: async ({ params, user, req }) => {
    if (!user) throw new AppError("unauthorized", REVIEW_MESSAGES.login, { code: "unauthorized" });
    // Read (size cap, NUL and surrogates refused) like every body, but validated only after
    // the permission checks in submitReview: a stranger learns nothing from the messages.
    const body = await readJson(req);
    return submitReview(user.id, params.id, () => reviewInputSchema.parse(body));
  },
});


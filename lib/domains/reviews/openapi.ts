/**
 * The reviews operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import { z } from "zod";
import type { TaggedOperations } from "@/lib/platform/api/openapi";
import { eligibilityJson, ratingJson, reviewJson } from "./responses";
import { reviewInputSchema } from "./schemas";

export const reviewsOperations: TaggedOperations = {
  tag: "reviews",
  description: "Reviews and seller ratings",
  operations: [
    { method: "GET", path: "/api/products/{id}/rating", summary: "A product's seller rating", response: ratingJson, errors: [404] },
    { method: "GET", path: "/api/products/{id}/reviews/eligibility", summary: "Whether the caller may review this product", response: eligibilityJson },
    { method: "GET", path: "/api/products/{id}/reviews", summary: "Reviews of a product's seller", response: z.array(reviewJson), headers: ["X-Total-Count"], errors: [404] },
    { method: "POST", path: "/api/products/{id}/reviews", summary: "Review a confirmed purchase (buyer)", body: reviewInputSchema, response: reviewJson, errors: [400, 401, 403, 404, 409, 413, 422] },
    { method: "POST", path: "/api/reviews/{id}/reply", summary: "Reply to a review (the seller)", response: reviewJson, errors: [403, 404, 409] },
    { method: "GET", path: "/api/users/{id}/reviews", summary: "The reviews a seller received", response: z.array(reviewJson), headers: ["X-Total-Count"], errors: [404] },
  ],
};

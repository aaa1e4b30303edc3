/**
 * The offers operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import type { TaggedOperations } from "@/lib/platform/api/openapi";
import { offerAnswerJson, offerJson } from "./responses";

export const offersOperations: TaggedOperations = {
  tag: "offers",
  description: "Offers below the price (bieden)",
  operations: [
    { method: "POST", path: "/api/conversations/{id}/offers", summary: "Make an offer in a conversation (buyer)", response: offerJson, errors: [400, 404, 409, 429] },
    { method: "POST", path: "/api/offers/{id}/accept", summary: "Accept an offer", response: offerAnswerJson, errors: [404, 409] },
    { method: "POST", path: "/api/offers/{id}/counter", summary: "Counter an offer", response: offerAnswerJson, errors: [400, 404, 409, 429] },
    { method: "POST", path: "/api/offers/{id}/decline", summary: "Decline an offer", response: offerAnswerJson, errors: [404, 409] },
    { method: "POST", path: "/api/offers/{id}/withdraw", summary: "Withdraw one's own offer", response: offerAnswerJson, errors: [404, 409] },
    { method: "POST", path: "/api/products/{id}/offers", summary: "Make an offer from the listing", response: offerJson, errors: [400, 404, 409, 429] },
  ],
};

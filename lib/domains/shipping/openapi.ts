/**
 * The shipping operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import { z } from "zod";
import type { TaggedOperations } from "@/lib/platform/api/openapi";

export const shippingOperations: TaggedOperations = {
  tag: "shipping",
  description: "Delivery options, service points, labels and tracking",
  operations: [
    { method: "GET", path: "/api/shipments/{id}/label", summary: "The parcel's label (PDF, seller)", response: null, extra: [{ status: 200, description: "The label", contentType: "application/pdf" }], errors: [403, 404, 409] },
    { method: "POST", path: "/api/transactions/{id}/shipment", summary: "Make the parcel's label (seller)", errors: [404, 409, 502] },
    { method: "GET", path: "/api/shipping/address", summary: "The buyer's last shipping destination" },
    { method: "GET", path: "/api/shipping/options", summary: "Parcel sizes, prices and carriers" },
    { method: "GET", path: "/api/shipping/sender-address", summary: "The seller's sender address, or null", response: z.looseObject({}).nullable() },
    { method: "PUT", path: "/api/shipping/sender-address", summary: "Save the seller's sender address", errors: [400, 502] },
    { method: "GET", path: "/api/shipping/service-points", summary: "Service points near a postcode", errors: [400, 502] },
    { method: "POST", path: "/api/shipping/test/{shipmentId}/{event}", summary: "Play a carrier scan (test provider)", errors: [404, 409] },
    { method: "POST", path: "/api/webhooks/shipping/myparcel", summary: "MyParcel's status hook (404 while MyParcel is not the provider)", errors: [400, 401, 404] },
  ],
};

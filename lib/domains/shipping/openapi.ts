/**
 * The shipping operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 * Order JSON is the orders domain's, which builds on this one: the composition hands its
 * schema in (as the escrow is registered, ./escrow.ts), so the two never import each other.
 */
import type { ZodType } from "zod";
import type { TaggedOperations } from "@/lib/platform/api/openapi";
import {
  lastDestinationJson,
  savedSenderAddressJson,
  senderAddressAnswerJson,
  servicePointsJson,
  shippingOptionsJson,
  shippingWebhookJson,
} from "./responses";

/** `order`: the schema of order JSON, which the label and the test scans answer with. */
export function shippingOperations(order: ZodType): TaggedOperations {
  return {
    tag: "shipping",
    description: "Delivery options, service points, labels and tracking",
    operations: [
      { method: "GET", path: "/api/shipments/{id}/label", summary: "The parcel's label (PDF, seller)", response: null, extra: [{ status: 200, description: "The label", contentType: "application/pdf" }], errors: [403, 404, 409] },
      { method: "POST", path: "/api/transactions/{id}/shipment", summary: "Make the parcel's label (seller); a repeat answers the same shipment", response: order, errors: [404, 409, 502] },
      { method: "GET", path: "/api/shipping/address", summary: "The buyer's last shipping destination (home address and/or service point)", response: lastDestinationJson },
      { method: "GET", path: "/api/shipping/options", summary: "Parcel sizes, prices (euros) and carriers", response: shippingOptionsJson },
      { method: "GET", path: "/api/shipping/sender-address", summary: "The seller's sender address, or null", response: senderAddressAnswerJson },
      { method: "PUT", path: "/api/shipping/sender-address", summary: "Save the seller's sender address", response: savedSenderAddressJson, errors: [400, 502] },
      { method: "GET", path: "/api/shipping/service-points", summary: "Service points near a postcode", response: servicePointsJson, errors: [400, 502] },
      { method: "POST", path: "/api/shipping/test/{shipmentId}/{event}", summary: "Play a carrier scan of a parcel or a return (test provider); answers the order", response: order, errors: [404, 409] },
      { method: "POST", path: "/api/webhooks/shipping/myparcel", summary: "MyParcel's status hook (404 while MyParcel is not the provider)", response: shippingWebhookJson, errors: [400, 401, 404, 413] },
    ],
  };
}

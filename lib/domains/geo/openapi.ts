/**
 * The geo operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import { z } from "zod";
import type { TaggedOperations } from "@/lib/platform/api/openapi";

/** The address register's answer: found with the address, or why not. */
const postalAddressJson = z.union([
  z.object({
    found: z.literal(true),
    address: z.object({ street: z.string(), house_number: z.string(), addition: z.string().nullable(), postcode: z.string().describe("1234 AB"), city: z.string() }),
  }),
  z.object({ found: z.literal(false), reason: z.enum(["not_found", "unavailable"]) }),
]);

export const geoOperations: TaggedOperations = {
  tag: "geo",
  description: "Addresses and positions for pickup locations",
  operations: [
    { method: "POST", path: "/api/geocode", summary: "An address in the Netherlands to its position", errors: [400, 404, 429, 502] },
    {
      method: "GET",
      path: "/api/geocode/address",
      summary: "Street and town of a Dutch postcode and house number, for the address forms",
      response: postalAddressJson,
      errors: [429],
    },
    { method: "GET", path: "/api/geocode/suggest", summary: "Type-ahead addresses and places", errors: [429, 502] },
    { method: "POST", path: "/api/reverse-geocode", summary: "A point in the Netherlands to its address", errors: [400, 404, 429, 502] },
  ],
};

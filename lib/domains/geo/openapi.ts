/**
 * The geo operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import type { TaggedOperations } from "@/lib/platform/api/openapi";
import { geocodeJson, postalAddressJson, reverseGeocodeJson, suggestionsJson } from "./responses";

export const geoOperations: TaggedOperations = {
  tag: "geo",
  description: "Addresses and positions for pickup locations",
  operations: [
    {
      method: "POST",
      path: "/api/geocode",
      summary: "An address in the Netherlands to its position, stored as a pickup location",
      description: "An address it cannot place is still 200, with success false and code address_not_found. 503 geocoder_unavailable while the geocoder cannot be asked.",
      response: geocodeJson,
      errors: [429],
    },
    {
      method: "GET",
      path: "/api/geocode/address",
      summary: "Street and town of a Dutch postcode and house number, for the address forms",
      response: postalAddressJson,
      errors: [429],
    },
    { method: "GET", path: "/api/geocode/suggest", summary: "Type-ahead addresses, postcodes and places", response: suggestionsJson, errors: [429] },
    {
      method: "POST",
      path: "/api/reverse-geocode",
      summary: "A point in the Netherlands to its address, stored as a pickup location",
      description: "A point outside the Netherlands or without an address is still 200, with success false and code no_address_found. 503 geocoder_unavailable while the geocoder cannot be asked.",
      response: reverseGeocodeJson,
      errors: [429],
    },
  ],
};

/**
 * The JSON the geo routes answer with, as zod output schemas: the services are typed by
 * them and the OpenAPI document shows them, so the two cannot drift.
 */
import { z } from "zod";

/** An address or point the lookup could not place: still 200, with `success: false`. */
function miss<C extends string>(code: C) {
  return z
    .object({ success: z.literal(false), detail: z.string().describe("English text for people and logs"), code: z.literal(code) })
    .describe("Nothing found in the Netherlands: the person tries another address or point");
}

/** POST /api/geocode. */
export const geocodeJson = z.union([
  z.object({
    success: z.literal(true),
    coordinates: z.object({ lat: z.number(), lng: z.number() }),
    formatted_address: z.string(),
    place_id: z.string().describe("The provider's id, prefixed by provider (pdok:…, google:…)"),
    location_id: z.string().describe("The stored pickup location: send it as a listing's location_id"),
    approximate: z.boolean().describe("The position stands for an area (a postcode region, a town): let the person drag the marker"),
  }),
  miss("address_not_found"),
]);
export type GeocodeJson = z.output<typeof geocodeJson>;

/** POST /api/reverse-geocode. */
export const reverseGeocodeJson = z.union([
  z.object({
    success: z.literal(true),
    address: z.string().describe("The address of the point; the point itself is the pickup spot"),
    location_id: z.string().describe("The stored pickup location: send it as a listing's location_id"),
  }),
  miss("no_address_found"),
]);
export type ReverseGeocodeJson = z.output<typeof reverseGeocodeJson>;

/** GET /api/geocode/suggest. */
export const suggestionsJson = z.object({
  suggestions: z
    .array(z.object({ id: z.string(), label: z.string().describe("Geocode this when it is chosen"), type: z.enum(["address", "postcode", "place"]) }))
    .describe("Empty for fewer than 2 characters, or while the geocoder is unavailable"),
});
export type SuggestionsJson = z.output<typeof suggestionsJson>;

/** GET /api/geocode/address: the address register's answer, found with the address, or why not. */
export const postalAddressJson = z.union([
  z.object({
    found: z.literal(true),
    address: z.object({ street: z.string(), house_number: z.string(), addition: z.string().nullable(), postcode: z.string().describe("1234 AB"), city: z.string() }),
  }),
  z
    .object({ found: z.literal(false), reason: z.enum(["not_found", "unavailable"]) })
    .describe("not_found: the register has no such address; unavailable: the lookup cannot answer now. Either way the person types street and town"),
]);
export type PostalAddressJson = z.output<typeof postalAddressJson>;

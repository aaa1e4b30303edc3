/**
 * Geocoding input schemas, shared by the route handlers and the location picker.
 * Messages are the API's English `detail` texts; the picker shows translated ones.
 */
import { z } from "zod";
import { normalizePostcode } from "./postcode";

export const ADDRESS_MAX = 200;
/** Type-ahead suggestions per request: default and most. */
export const SUGGESTIONS_DEFAULT = 5;
export const SUGGESTIONS_MAX = 10;
/** The widest distance search: the Netherlands is about 300 km from corner to corner. */
export const MAX_RADIUS_KM = 250;

/** An empty or whitespace-only address is refused. */
export const addressSchema = z
  .string({ error: "Address is required" })
  .trim()
  .min(1, "Address is required")
  .max(ADDRESS_MAX, `Address must be at most ${ADDRESS_MAX} characters`);

export const geocodeSchema = z.object({ address: addressSchema });

export const reverseGeocodeSchema = z.object({
  lat: z.number({ error: "Latitude must be a number" }).min(-90).max(90),
  lng: z.number({ error: "Longitude must be a number" }).min(-180).max(180),
});

export const suggestQuerySchema = z.object({
  q: z.string().max(ADDRESS_MAX).default(""),
  limit: z.coerce.number().int().min(1).max(SUGGESTIONS_MAX).default(SUGGESTIONS_DEFAULT),
});

export const POSTCODE_DETAIL = "Enter a Dutch postcode, e.g. 1234 AB";
export const HOUSE_NUMBER_DETAIL = "Enter a house number: digits only, e.g. 12";
export const ADDITION_DETAIL = "An addition is at most 6 letters or digits, e.g. A or 2";

/** GET /api/geocode/address?postcode=&house_number=&addition=: the Dutch address lookup. */
export const postalAddressQuerySchema = z.object({
  postcode: z
    .string({ error: POSTCODE_DETAIL })
    .transform((v, ctx) => {
      const postcode = normalizePostcode(v);
      if (!postcode) {
        ctx.addIssue({ code: "custom", message: POSTCODE_DETAIL });
        return z.NEVER;
      }
      return postcode;
    }),
  house_number: z.string({ error: HOUSE_NUMBER_DETAIL }).trim().regex(/^[1-9]\d{0,4}$/, HOUSE_NUMBER_DETAIL),
  addition: z
    .string()
    .trim()
    .regex(/^[-\s]?[A-Za-z0-9]{0,6}$/, ADDITION_DETAIL)
    .transform((v) => v.replace(/^[-\s]/, "") || null)
    .optional()
    .transform((v) => v ?? null),
});

/**
 * Input schemas of the shipping domain: the buyer's destination (a home address in NL or
 * BE, or a service point) as the checkout endpoints take it. Pure: no database.
 */
import { z } from "zod";
import { formatPostcode, normalizePostcode } from "@/lib/domains/geo/client";
import { DELIVERY_METHODS } from "./rules";

export { DELIVERY_METHODS };

const BE_POSTCODE = /^[1-9]\d{3}$/;

/**
 * A destination's postcode in the form addresses carry it: Dutch by the one Dutch rule
 * (lib/domains/geo/postcode.ts: no SA, SD or SS), written "1234 AB"; Belgian, four digits
 * ("1000"); null when it is not a postcode of that country.
 */
export function deliveryPostcode(raw: string, country: "NL" | "BE"): string | null {
  const text = raw.trim().toUpperCase();
  if (country === "BE") return BE_POSTCODE.test(text) ? text : null;
  const postcode = normalizePostcode(text);
  return postcode ? formatPostcode(postcode) : null;
}

export const POSTCODE_MESSAGE = { NL: "Enter a Dutch postcode like 1234 AB", BE: "Enter a Belgian postcode of 4 digits" } as const;

const text = (name: string, max: number) =>
  z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(max, `${name} is too long`);

export const shippingAddressSchema = z
  .object({
    name: text("name", 100),
    street: text("street", 120),
    house_number: z
      .union([z.string(), z.number()], { error: "house_number is required" })
      .transform((v) => String(v).trim())
      .pipe(z.string().regex(/^\d{1,5}$/, "house_number must be a number")),
    house_number_suffix: z
      .string()
      .trim()
      .max(10, "house_number_suffix is too long")
      .nullish()
      .transform((v) => (v ? v : null)),
    postcode: z.string({ error: "postcode is required" }).trim().min(1, "postcode is required"),
    city: text("city", 80),
    country: z.enum(["NL", "BE"], { error: "country must be NL or BE" }),
  })
  .transform((address, ctx) => {
    const postcode = deliveryPostcode(address.postcode, address.country);
    if (!postcode) {
      ctx.addIssue({ code: "custom", path: ["postcode"], message: POSTCODE_MESSAGE[address.country] });
      return z.NEVER;
    }
    return { ...address, postcode };
  });

export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/** The delivery fields of the checkout bodies (docs/shipping.md "Checkout"). */
export const deliveryFields = {
  delivery_method: z.enum(DELIVERY_METHODS, { error: "delivery_method must be pickup or shipping" }).optional(),
  shipping_address: shippingAddressSchema.nullish(),
  service_point_id: z.string().trim().min(1).max(200).nullish(),
  /** Who collects at the service point (default: the buyer's name). */
  recipient_name: z.string().trim().min(1).max(100).nullish(),
};

export const servicePointsQuery = z.object({
  postcode: z.string({ error: "postcode is required" }).trim().min(1, "postcode is required").max(10),
  country: z.enum(["NL", "BE"], { error: "country must be NL or BE" }).default("NL"),
});

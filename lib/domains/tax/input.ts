/** zod input of the DAC7 tax profile and the report queries (server only: it uses the accounts entry). */
import { z } from "zod";
import { isValidKvkNumber, isValidVatNumber, normalizeKvkNumber, normalizeVatNumber } from "@/lib/domains/accounts";
import { isValidBsn, isValidIban, normalizeBsn, normalizeIban } from "./validation";

const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max);
const country = z.string({ error: "Country is required" }).trim().toUpperCase().regex(/^[A-Z]{2}$/, "Use a two-letter country code, e.g. NL");

export const addressInput = z.object({
  street: text(200, "Street is required"),
  house_number: text(20, "House number is required"),
  postcode: text(20, "Postcode is required"),
  city: text(100, "City is required"),
  country,
});
export type AddressInput = z.output<typeof addressInput>;

/** PUT /api/users/me/tax-profile: the DAC7 seller details, validated. */
export const taxProfileInput = z
  .object({
    legal_name: text(200, "Legal name is required"),
    date_of_birth: z
      .string({ error: "Date of birth is required" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD")
      .refine((v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getTime() < Date.now() && d.getUTCFullYear() >= 1900;
      }, "Enter a real date of birth"),
    address: addressInput,
    /** The sensitive numbers are only ever shown masked, so a form leaves them empty to keep them. */
    bsn: z.string().trim().optional(),
    tin: z.string().trim().max(40).optional(),
    tin_country: z.string().trim().toUpperCase().optional(),
    /** Left out (or empty) with a stored profile: the stored IBAN is kept (putTaxProfile). */
    iban: z.string().trim().optional(),
    kvk_number: z.string().trim().optional(),
    vat_number: z.string().trim().optional(),
    registered_address: addressInput.optional(),
  })
  .superRefine((v, ctx) => {
    // Neither BSN nor TIN (nor IBAN) given: putTaxProfile keeps the stored one, or asks for it.
    if (v.bsn) {
      if (!isValidBsn(v.bsn)) ctx.addIssue({ code: "custom", path: ["bsn"], message: "Enter a valid BSN (it fails the 11-test)" });
    } else if (v.tin && (!v.tin_country || !/^[A-Z]{2}$/.test(v.tin_country))) {
      ctx.addIssue({ code: "custom", path: ["tin_country"], message: "Give the two-letter country of your TIN" });
    }
    if (v.iban && !isValidIban(v.iban)) ctx.addIssue({ code: "custom", path: ["iban"], message: "Enter a valid IBAN (the checksum does not match)" });
    if (v.kvk_number && !isValidKvkNumber(v.kvk_number)) ctx.addIssue({ code: "custom", path: ["kvk_number"], message: "Enter a valid KvK number: 8 digits" });
    if (v.vat_number && !isValidVatNumber(v.vat_number)) ctx.addIssue({ code: "custom", path: ["vat_number"], message: "Enter a valid VAT number, e.g. NL123456789B01" });
  })
  .transform((v) => ({
    ...v,
    bsn: v.bsn ? normalizeBsn(v.bsn) : undefined,
    iban: v.iban ? normalizeIban(v.iban) : undefined,
    kvk_number: v.kvk_number ? normalizeKvkNumber(v.kvk_number) : undefined,
    vat_number: v.vat_number ? normalizeVatNumber(v.vat_number) : undefined,
  }));
export type TaxProfileInput = z.output<typeof taxProfileInput>;

const year = z
  .string()
  .regex(/^\d{4}$/, "year must be a year, e.g. 2026")
  .transform(Number)
  .refine((y) => y >= 2023 && y <= 2100, "year out of range");

export const dac7Query = z
  .object({ year: year.optional(), format: z.enum(["json", "xml"]).optional() })
  .transform((q) => ({ year: q.year ?? new Date().getUTCFullYear(), format: q.format ?? "json" }));

export const yearQuery = z.object({ year: year.optional() }).transform((q) => ({ year: q.year ?? new Date().getUTCFullYear() }));

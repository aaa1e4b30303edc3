/** zod input of the DAC7 tax profile and the report queries (server only: it uses the accounts entry). */
import { z } from "zod";
import { isValidKvkNumber, isValidVatNumber, normalizeKvkNumber, normalizeVatNumber } from "@/lib/domains/accounts";
import { isCountryCode } from "./countries";
import { amsterdamYear } from "./figures";
import { isValidBsn, isValidIban, isValidTin, normalizeBsn, normalizeIban, normalizeTin, TIN_MESSAGE } from "./validation";

/**
 * The profile's text goes into the DAC7 file as it is: refused here is what XML cannot
 * carry or no name holds, so one seller can never break the file for everyone
 * (docs/trust-and-law.md, "DAC7"). The route wrapper already refuses NUL and lone
 * surrogates in any body; this names the field for the rest and for direct callers.
 */
const NOT_TEXT = /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const CONTROL_MESSAGE = "Remove control characters such as tabs or line breaks";
const tooLong = (max: number) => `At most ${max} characters`;
const plain = (v: string) => !NOT_TEXT.test(v);

const text = (max: number, message: string) =>
  z
    .string({ error: message })
    .refine(plain, CONTROL_MESSAGE)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, message).max(max, tooLong(max)));
/** The longest number of each kind, separators not counted (twice that is allowed with them). */
const MAX = { bsn: 11, tin: 20, iban: 34, kvk: 8, vat: 14 } as const;
/** A number field: control characters refused; the transform below drops separators and checks the format. */
const numberText = (max: number) =>
  z
    .string()
    .refine(plain, CONTROL_MESSAGE)
    .max(max * 2, tooLong(max))
    .transform((v) => v.trim())
    .optional();
const country = z
  .string({ error: "Country is required" })
  .refine(plain, CONTROL_MESSAGE)
  .transform((v) => v.trim().toUpperCase())
  .refine(isCountryCode, "Use a two-letter country code, e.g. NL");

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
    /** A person's (required for them by putTaxProfile); a company is not asked one. */
    date_of_birth: z
      .string({ error: "Use YYYY-MM-DD" })
      .refine((v) => v === "" || /^\d{4}-\d{2}-\d{2}$/.test(v), "Use YYYY-MM-DD")
      .refine((v) => {
        if (v === "") return true;
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getTime() < Date.now() && d.getUTCFullYear() >= 1900;
      }, "Enter a real date of birth")
      .transform((v) => v || undefined)
      .optional(),
    address: addressInput,
    /** The sensitive numbers are only ever shown masked, so a form leaves them empty to keep them. */
    bsn: numberText(MAX.bsn),
    tin: numberText(MAX.tin),
    tin_country: z
      .string()
      .refine(plain, CONTROL_MESSAGE)
      .transform((v) => v.trim().toUpperCase())
      .optional(),
    /** Left out (or empty) with a stored profile: the stored IBAN is kept (putTaxProfile). */
    iban: numberText(MAX.iban),
    kvk_number: numberText(MAX.kvk),
    vat_number: numberText(MAX.vat),
    registered_address: addressInput.optional(),
  })
  .superRefine((v, ctx) => {
    // A value its field already refused (control characters, length) is not checked again.
    const checkable = (value: string | undefined, max: number): value is string => Boolean(value) && plain(value!) && value!.length <= max * 2;
    // Neither BSN nor TIN (nor IBAN) given: putTaxProfile keeps the stored one, or asks for it.
    if (v.bsn) {
      if (checkable(v.bsn, MAX.bsn) && !isValidBsn(v.bsn)) ctx.addIssue({ code: "custom", path: ["bsn"], message: "Enter a valid BSN (it fails the 11-test)" });
    } else if (v.tin) {
      if (!v.tin_country || !isCountryCode(v.tin_country)) {
        if (!v.tin_country || plain(v.tin_country)) ctx.addIssue({ code: "custom", path: ["tin_country"], message: "Give the two-letter country of your TIN" });
      } else if (checkable(v.tin, MAX.tin) && !isValidTin(v.tin, v.tin_country)) {
        ctx.addIssue({ code: "custom", path: ["tin"], message: TIN_MESSAGE });
      }
    }
    if (checkable(v.iban, MAX.iban) && !isValidIban(v.iban)) ctx.addIssue({ code: "custom", path: ["iban"], message: "Enter a valid IBAN (the checksum does not match)" });
    if (checkable(v.kvk_number, MAX.kvk) && !isValidKvkNumber(v.kvk_number)) ctx.addIssue({ code: "custom", path: ["kvk_number"], message: "Enter a valid KvK number: 8 digits" });
    if (checkable(v.vat_number, MAX.vat) && !isValidVatNumber(v.vat_number)) ctx.addIssue({ code: "custom", path: ["vat_number"], message: "Enter a valid VAT number, e.g. NL123456789B01" });
  })
  .transform((v) => ({
    ...v,
    bsn: v.bsn ? normalizeBsn(v.bsn) : undefined,
    tin: v.tin ? normalizeTin(v.tin) : undefined,
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

// Without a year: the current one in Amsterdam, the year the figures count in (./figures.ts).
export const dac7Query = z
  .object({ year: year.optional(), format: z.enum(["json", "xml"]).optional() })
  .transform((q) => ({ year: q.year ?? amsterdamYear(new Date()), format: q.format ?? "json" }));

export const yearQuery = z.object({ year: year.optional() }).transform((q) => ({ year: q.year ?? amsterdamYear(new Date()) }));

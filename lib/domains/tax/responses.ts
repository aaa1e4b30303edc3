/**
 * The JSON the tax routes answer with, as zod output schemas: the services are typed by
 * them and the OpenAPI document shows them, so the two cannot drift. Money in euros
 * (numbers with at most 2 decimals), times ISO 8601; the tax number and IBAN only masked.
 */
import { z } from "zod";

const euros = z.number().describe("Euros, at most 2 decimals");
const count = z.number().int();

const addressJson = z.object({
  street: z.string(),
  house_number: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string().describe("ISO 3166-1 alpha-2, e.g. NL"),
});

/** The seller's DAC7 details as they and admins see them: the numbers masked. */
export const taxProfileJson = z.object({
  legal_name: z.string(),
  date_of_birth: z.string().nullable().describe("YYYY-MM-DD; null for a company"),
  address: addressJson,
  tin_kind: z.enum(["bsn", "tin"]),
  bsn: z.string().nullable().describe("Masked, only the last 4 characters; null when a foreign TIN is given"),
  tin: z.string().nullable().describe("Masked, only the last 4 characters; null when a BSN is given"),
  tin_country: z.string().describe("The TIN's issuing country (NL for a BSN)"),
  iban: z.string().describe("Masked, only the last 4 characters"),
  kvk_number: z.string().nullable(),
  vat_number: z.string().nullable(),
  registered_address: addressJson.nullable().describe("A company's registered office, when it differs from the address"),
  updated_at: z.string().describe("ISO 8601"),
});
export type TaxProfileJson = z.output<typeof taxProfileJson>;

/** What the form starts with from the account where the profile has nothing yet. */
const taxPrefillJson = z
  .object({ legal_name: z.string().nullable(), kvk_number: z.string().nullable(), vat_number: z.string().nullable() })
  .describe("From a business seller's account (registered name, KvK, VAT); all null for a person");
export type TaxPrefillJson = z.output<typeof taxPrefillJson>;

/** GET and PUT /api/users/me/tax-profile. */
export const taxProfileAnswerJson = z.object({
  profile: taxProfileJson.nullable().describe("Null until the seller saved one"),
  complete: z.boolean().describe("Complete for the DAC7 report; payouts of a reportable seller wait until it is"),
  prefill: taxPrefillJson,
});
export type TaxProfileAnswerJson = z.output<typeof taxProfileAnswerJson>;

const quarterJson = z.object({
  quarter: z.number().int().min(1).max(4),
  sales: count.describe("Completed sales whose payout was released in the quarter"),
  paid: euros.describe("The price of those sales"),
  fees: euros.describe("Fees the platform charged the seller (none today)"),
});
const totalsJson = z.object({ sales: count, paid: euros, fees: euros });

/** GET /api/users/me/dac7: the seller's own statement of a year (Amsterdam calendar year). */
export const myDac7Json = z.object({
  year: count,
  reportable: z.boolean().describe("From 30 sales or €2,000 in the year"),
  profile_complete: z.boolean(),
  tax_profile: taxProfileJson.nullable(),
  quarters: z.array(quarterJson).describe("All four, zeros included"),
  totals: totalsJson,
});
export type MyDac7Json = z.output<typeof myDac7Json>;

/** GET /api/admin/dac7: the year's reportable sellers. */
export const dac7ReportJson = z.object({
  year: count,
  thresholds: z.object({ sales: count, paid: euros }).describe("Reportable from this many sales or this much paid"),
  due_by: z.string().describe("YYYY-MM-DD: when the report is due at the Belastingdienst"),
  sellers: z.array(
    z.object({
      user_id: z.string(),
      name: z.string(),
      email: z.string(),
      is_business: z.boolean(),
      profile_complete: z.boolean(),
      tax_profile: taxProfileJson.nullable(),
      quarters: z.array(quarterJson),
      totals: totalsJson,
    }),
  ).describe("By name"),
});
export type Dac7ReportJson = z.output<typeof dac7ReportJson>;

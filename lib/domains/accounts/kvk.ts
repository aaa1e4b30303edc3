/**
 * KvK number and business address input: pure validation, shared by the API
 * schemas and the client forms (no server imports here).
 */
import { z } from "zod";
import { BUSINESS_ADDRESS_MAX } from "./limits";

export const KVK_DETAIL = "Enter a valid KvK number: 8 digits";

/** "1234 5678" or "12.34.56.78" are accepted and stored as "12345678". */
export function normalizeKvkNumber(raw: string): string {
  return raw.replace(/[\s.\-]/g, "");
}

export function isValidKvkNumber(raw: string): boolean {
  return /^\d{8}$/.test(normalizeKvkNumber(raw));
}

const optionalText = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v == null ? v : v.trim()));

/** Optional KvK number: undefined keeps, blank/null clears, otherwise 8 digits. */
export const kvkSchema = optionalText.transform((v, ctx) => {
  if (v === undefined) return undefined;
  if (!v) return null;
  if (!isValidKvkNumber(v)) {
    ctx.addIssue({ code: "custom", message: KVK_DETAIL });
    return z.NEVER;
  }
  return normalizeKvkNumber(v);
});

export const businessAddressSchema = optionalText.transform((v, ctx) => {
  if (v === undefined) return undefined;
  if (!v) return null;
  if (v.length > BUSINESS_ADDRESS_MAX) {
    ctx.addIssue({ code: "custom", message: `Business address must be at most ${BUSINESS_ADDRESS_MAX} characters`, params: { rule: "tooLong" } });
    return z.NEVER;
  }
  return v;
});

/**
 * Account input schemas, shared by the route handlers and the client forms.
 * Messages are the API's English `detail` texts; the forms show translated ones, chosen
 * by the field and the zod issue (custom issues name their rule in `params.rule`).
 */
import { z } from "zod";
import { PASSWORD_MIN, PASSWORD_MAX, NAME_MAX } from "./limits";
import { isValidPhoneNumber, parsePhoneNumberFromString } from "libphonenumber-js";
import { businessAddressSchema, kvkSchema } from "./kvk";
import { isValidVatNumber, normalizeVatNumber } from "./vat";
import { stripInvisible } from "@/lib/platform/api/text";
import { COMPANY_CHARACTERS_MESSAGE, hasControlCharacters, NAME_CHARACTERS_MESSAGE } from "./display-name";


export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Enter a valid email address" }))
  .transform((v) => v.toLowerCase());

// Invisible and direction-changing characters are taken out first (lib/platform/api/text.ts): a
// name of only those is empty. Line breaks, tabs and other control or format characters
// are refused (lib/domains/accounts/display-name.ts); whether a name imitates staff is the
// service's call (an admin may).
const nameSchema = z
  .string({ error: "Name is required" })
  .refine((v) => !hasControlCharacters(v), { message: NAME_CHARACTERS_MESSAGE, params: { rule: "characters" } })
  .transform(stripInvisible)
  .pipe(z.string().min(1, "Name is required").max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`));

/** Optional phone: blank means none; otherwise a valid number, stored as E.164. */
export const phoneSchema = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    const raw = (v ?? "").trim();
    if (!raw) return null;
    if (!isValidPhoneNumber(raw, "NL")) {
      ctx.addIssue({ code: "custom", message: "Enter a valid phone number" });
      return z.NEVER;
    }
    return parsePhoneNumberFromString(raw, "NL")!.number;
  });

const optionalText = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ?? "").trim());

/** A business seller's company name, shown on their seller page: a name's characters. */
const companyNameText = z
  .union([z.string(), z.null()])
  .optional()
  .refine((v) => !v || !hasControlCharacters(v), { message: COMPANY_CHARACTERS_MESSAGE, params: { rule: "characters" } })
  .transform((v) => stripInvisible(v ?? ""));

/** A password being chosen (registration, change, reset). */
export const newPasswordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const registerSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    name: nameSchema,
    phone: phoneSchema,
    is_business_seller: z.boolean().optional().default(false),
    business_name: companyNameText,
    vat_number: optionalText,
    kvk_number: kvkSchema,
    business_address: businessAddressSchema,
    trader_self_certified: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.is_business_seller) return;
    if (!value.business_name) {
      ctx.addIssue({ code: "custom", path: ["business_name"], message: "Company name is required", params: { rule: "required" } });
    } else if (value.business_name.length > 200) {
      ctx.addIssue({ code: "custom", path: ["business_name"], message: "Company name is too long", params: { rule: "tooLong" } });
    }
    // The trader details of DSA art. 30, asked now so that the first listing can go live.
    if (!value.kvk_number) {
      ctx.addIssue({ code: "custom", path: ["kvk_number"], message: "KvK number is required", params: { rule: "required" } });
    }
    if (!value.business_address) {
      ctx.addIssue({ code: "custom", path: ["business_address"], message: "Business address is required", params: { rule: "required" } });
    }
    if (!value.phone) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: "A business seller gives a phone number", params: { rule: "required" } });
    }
    if (value.trader_self_certified !== true) {
      ctx.addIssue({
        code: "custom",
        path: ["trader_self_certified"],
        message: "Confirm that you offer only products that comply with EU and Dutch law",
        params: { rule: "required" },
      });
    }
    if (!value.vat_number) {
      ctx.addIssue({ code: "custom", path: ["vat_number"], message: "VAT number is required", params: { rule: "required" } });
    } else if (!isValidVatNumber(value.vat_number)) {
      ctx.addIssue({
        code: "custom",
        path: ["vat_number"],
        message: "Enter a valid VAT number, e.g. NL123456789B01",
      });
    }
  })
  .transform((value) => ({
    email: value.email,
    password: value.password,
    name: value.name,
    phone: value.phone,
    isBusinessSeller: value.is_business_seller,
    businessName: value.is_business_seller ? value.business_name : null,
    vatNumber: value.is_business_seller ? normalizeVatNumber(value.vat_number) : null,
    kvkNumber: value.is_business_seller ? (value.kvk_number ?? null) : null,
    businessAddress: value.is_business_seller ? (value.business_address ?? null) : null,
    traderSelfCertified: value.is_business_seller && value.trader_self_certified === true,
  }));

export type RegisterInput = z.output<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX * 4),
});

export type LoginInput = z.output<typeof loginSchema>;

/** PUT /api/users/me: the apps send name, email, phone; email is read-only. */
export const updateProfileSchema = z.object({
  name: nameSchema,
  email: z.string().trim().optional(),
  // Omitted keeps the stored phone; null or blank clears it.
  phone: phoneSchema.optional(),
  // Business sellers' trader details; omitted keeps, blank clears.
  kvk_number: kvkSchema,
  business_address: businessAddressSchema,
  // A business seller certifies they offer only products that comply with EU law (DSA art. 30).
  trader_self_certified: z.boolean().optional(),
  // false makes a business account private (not while listings are live); true keeps a
  // business account as it is. A private account becomes a business one by registering it.
  is_business_seller: z.boolean().optional(),
});

export type UpdateProfileInput = z.output<typeof updateProfileSchema>;

/** POST /api/users/me/password (Settings). */
export const changePasswordSchema = z.object({
  current_password: z.string({ error: "Current password is required" }).min(1, "Current password is required").max(PASSWORD_MAX * 4),
  new_password: newPasswordSchema,
});

export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** POST /api/auth/forgot-password. */
export const forgotPasswordSchema = z.object({ email: emailSchema });

/** POST /api/auth/reset-password. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: "Token is required" }).trim().min(1, "Token is required").max(200),
  password: newPasswordSchema,
});

export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

/** GET /api/auth/reset-password?token=…: whether the link still works. */
export const resetTokenQuerySchema = z.object({ token: z.string().trim().max(200).optional().default("") });

/** DELETE /api/users/me: the password confirms it is really the owner. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX * 4),
});

export * from "./limits";

/**
 * The JSON the accounts routes answer with, as zod output schemas: the serializers are
 * typed by them and the OpenAPI document shows them, so the two cannot drift.
 */
import { z } from "zod";
import { LOCALES } from "@/lib/platform/i18n/config";
import { MAIL_CATEGORIES, REQUIRED_CATEGORIES } from "@/lib/platform/mail/categories";
import { PUSH_CATEGORIES } from "@/lib/platform/push";
import { ENDED_REASONS } from "./auth/sessions";

/** The API's user fields, for the user themself (and admins). */
export const userJson = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  is_business_seller: z.boolean(),
  business_name: z.string().nullable(),
  vat_number: z.string().nullable(),
  kvk_number: z.string().nullable(),
  business_address: z.string().nullable(),
  trader_self_certified: z.boolean().describe("A business seller's self-certification, needed before listing"),
  trader_details_missing: z
    .array(z.enum(["kvk_number", "business_address", "phone", "trader_self_certified"]))
    .describe("A business seller's details still missing before listing; empty when complete or for a private account"),
  is_admin: z.boolean(),
  is_verified: z.boolean(),
  is_banned: z.boolean(),
  created_at: z.string().describe("ISO 8601"),
  profile_image: z.string().nullable(),
});
export type UserJson = z.output<typeof userJson>;

/** Login and register: the bearer token the apps send as `Authorization: Bearer <token>`. */
export const tokenJson = z.object({
  access_token: z.string().describe("A JWT; valid 30 days, ended by POST /api/auth/logout"),
  token_type: z.literal("bearer"),
  user: userJson,
});

/** An answer that only says, in English, what happened (clients go by the status). */
export const detailJson = z.object({ detail: z.string().describe("English text for people and logs") });
export type DetailJson = z.output<typeof detailJson>;

/** GET /api/auth/reset-password: whether the mailed link can still set a password. */
export const resetLinkJson = z.object({ valid: z.boolean().describe("False when the link is unknown, used, replaced by a newer one or older than an hour") });
export type ResetLinkJson = z.output<typeof resetLinkJson>;

/** POST /api/users/me/password. */
export const passwordChangedJson = detailJson.extend({
  sessions_ended: z.number().int().describe("How many other sessions and tokens of the account were ended; this one stays signed in"),
});
export type PasswordChangedJson = z.output<typeof passwordChangedJson>;

/** POST /api/mail/unsubscribe: the category now off (never a required one). */
export const unsubscribedJson = detailJson.extend({
  category: z.enum(MAIL_CATEGORIES.filter((c) => !REQUIRED_CATEGORIES.includes(c))).describe("The mail category turned off"),
});
export type UnsubscribedJson = z.output<typeof unsubscribedJson>;

/** One boolean per key, every key present. */
function switches<K extends string>(keys: readonly K[], describe: string) {
  return z.object(Object.fromEntries(keys.map((key) => [key, z.boolean()])) as Record<K, z.ZodBoolean>).describe(describe);
}

/** GET and PATCH /api/users/me/settings. */
export const settingsJson = z.object({
  locale: z.enum(LOCALES).describe("The language of mails, pushes and notifications"),
  email_verified: z.boolean(),
  email_verified_at: z.string().nullable().describe("ISO 8601; null until the address is confirmed"),
  mail_preferences: switches(MAIL_CATEGORIES, "Per mail category, whether it is sent; the required categories are always true"),
  required_categories: z.array(z.enum(MAIL_CATEGORIES)).describe("Mail categories that cannot be turned off (the account, money)"),
  push_preferences: switches(PUSH_CATEGORIES, "Per push category, whether the account's subscribed devices receive it"),
});
export type SettingsJson = z.output<typeof settingsJson>;

// next-auth's own answers at /api/auth/{nextauth} (the web's sign-in): what its v4
// handler sends for the paths the web uses, as the options of auth/options.ts make it.

const nextAuthSessionJson = z.union([
  z
    .object({
      user: z.object({ id: z.string(), name: z.string(), email: z.string(), image: z.string().nullable(), isAdmin: z.boolean() }),
      expires: z.string().describe("ISO 8601"),
    })
    .describe("session: signed in"),
  z
    .object({ expires: z.string(), ended: z.enum(ENDED_REASONS).optional().describe("Why the session ended, when known") })
    .describe("session: the cookie's session no longer lets in (signed out)"),
  z.object({}).describe("session: no valid cookie (signed out)"),
]);

/** GET /api/auth/{session,csrf,providers}. */
export const nextAuthGetJson = z.union([
  nextAuthSessionJson,
  z.object({ csrfToken: z.string() }).describe("csrf: the token every POST sends (form field csrfToken)"),
  z
    .object({
      credentials: z.object({ id: z.literal("credentials"), name: z.string(), type: z.literal("credentials"), signinUrl: z.string(), callbackUrl: z.string() }),
    })
    .describe("providers: e-mail and password only"),
]);

/** With the form field json=true next-auth answers its redirect as JSON. */
export const nextAuthUrlJson = z.object({
  url: z.string().describe("Where to go: the callbackUrl, or /?error=<code> after a refused sign-in"),
});

/** POST /api/auth/{callback/credentials,signout} with json=true; POST /api/auth/session (update). */
export const nextAuthPostJson = z.union([nextAuthUrlJson, nextAuthSessionJson]);

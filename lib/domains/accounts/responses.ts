/**
 * The JSON the accounts routes answer with, as zod output schemas: the serializers are
 * typed by them and the OpenAPI document shows them, so the two cannot drift.
 */
import { z } from "zod";

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

/**
 * The user of a live session in one plain statement past Prisma: asked on every request
 * whose caller is not in the instance's short cache (caller-cache.ts), about two in five
 * of the mixed load's, where Prisma's query compiler cost more than the statement
 * (docs/performance.md "Mixed load"). Every column of the row, named as Prisma names
 * them; the object literal below is typed as `User`, so a column added to the model and
 * not read here fails the type check.
 */
import { Prisma, queryRows } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";

type UserRow = {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  phone: string | null;
  is_business_seller: boolean;
  business_name: string | null;
  vat_number: string | null;
  is_admin: boolean;
  is_verified: boolean;
  is_banned: boolean;
  profile_image: string | null;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  rating_sum: number;
  rating_count: number;
  kvk_number: string | null;
  business_address: string | null;
  locale: string;
  email_verified_at: Date | null;
  mail_preferences: Prisma.JsonValue;
  push_preferences: Prisma.JsonValue;
  trader_certified_at: Date | null;
  payouts_held_at: Date | null;
  payouts_hold_statement_id: string | null;
  last_active_at: Date | null;
  response_minutes: number | null;
};

/** The session's user when the session is live (not revoked, not expired) and theirs; deleted users too (the caller decides). */
export async function liveSessionUser(userId: string, sessionId: string, now: Date): Promise<User | null> {
  const [row] = await queryRows<UserRow>(Prisma.sql`
    SELECT u.id, u.email, u.password_hash, u.name, u.phone, u.is_business_seller, u.business_name, u.vat_number, u.is_admin,
           u.is_verified, u.is_banned, u.profile_image, u.deleted_at, u.created_at, u.updated_at, u.rating_sum, u.rating_count,
           u.kvk_number, u.business_address, u.locale, u.email_verified_at, u.mail_preferences, u.push_preferences, u.trader_certified_at,
           u.payouts_held_at, u.payouts_hold_statement_id, u.last_active_at, u.response_minutes
    FROM auth_sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = ${sessionId}::uuid AND s.user_id = ${userId}::uuid AND s.revoked_at IS NULL AND s.expires_at > ${now}`);
  return row ? userOfRow(row) : null;
}

function userOfRow(r: UserRow): User {
  return {
    id: r.id,
    email: r.email,
    passwordHash: r.password_hash,
    name: r.name,
    phone: r.phone,
    isBusinessSeller: r.is_business_seller,
    businessName: r.business_name,
    vatNumber: r.vat_number,
    isAdmin: r.is_admin,
    isVerified: r.is_verified,
    isBanned: r.is_banned,
    profileImage: r.profile_image,
    deletedAt: r.deleted_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    ratingSum: r.rating_sum,
    ratingCount: r.rating_count,
    kvkNumber: r.kvk_number,
    businessAddress: r.business_address,
    locale: r.locale,
    emailVerifiedAt: r.email_verified_at,
    mailPreferences: r.mail_preferences,
    pushPreferences: r.push_preferences,
    traderCertifiedAt: r.trader_certified_at,
    payoutsHeldAt: r.payouts_held_at,
    payoutsHoldStatementId: r.payouts_hold_statement_id,
    lastActiveAt: r.last_active_at,
    responseMinutes: r.response_minutes,
  };
}

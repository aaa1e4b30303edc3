/**
 * "Forgot password" by e-mail (issue 12, DECISIONS.md section 8).
 *
 * - A request always gets the same answer, whether or not the address has an account,
 *   so nobody learns who is a member; it is limited per address and per client.
 * - The link holds a random token; only its SHA-256 is stored. It works once, for one
 *   hour; a newer request replaces older links.
 * - A reset ends every session and token of the account (whoever knew the old password
 *   is out) and, since the mail arrived, counts as confirming the e-mail address.
 */
import { createHash, randomBytes } from "node:crypto";
import { AppError } from "@/lib/api/errors";
import { enforce } from "@/lib/api/rate-limit";
import { hashPassword } from "@/lib/auth/password";
import { revokeOtherSessions } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";
import { enqueueMail } from "@/lib/mail/outbox";
import { absoluteUrl } from "@/lib/site";
import type { ResetPasswordInput } from "./schemas";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const FORGOT_PASSWORD_LIMITS = {
  perEmail: { max: 3, windowSeconds: 60 * 60 },
  perIp: { max: 20, windowSeconds: 60 * 60 },
};

/** The one answer to every accepted request. */
export const FORGOT_PASSWORD_DETAIL =
  "If an account exists for this e-mail address, we have sent it a link to choose a new password. The link is valid for one hour.";

export const RESET_INVALID_DETAIL = "This link is invalid or has expired. Request a new one.";

export const hashOf = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export async function requestPasswordReset(email: string, ip: string, now: Date = new Date()): Promise<void> {
  await enforce(
    { key: `forgot:ip:${ip}`, ...FORGOT_PASSWORD_LIMITS.perIp },
    { key: `forgot:email:${email}`, ...FORGOT_PASSWORD_LIMITS.perEmail },
  );
  const token = randomBytes(32).toString("base64url");
  const user = await db.user.findUnique({ where: { email }, select: { id: true, deletedAt: true, isBanned: true } });
  if (!user || user.deletedAt || user.isBanned) return;
  await db.$transaction(async (tx) => {
    await tx.accountToken.deleteMany({ where: { userId: user.id, purpose: "password_reset", usedAt: null } });
    await tx.accountToken.create({
      data: { userId: user.id, purpose: "password_reset", tokenHash: hashOf(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS), createdAt: now },
    });
    await enqueueMail(tx, {
      userId: user.id,
      template: "password_reset",
      data: {},
      actionUrl: absoluteUrl(`/reset-password?token=${encodeURIComponent(token)}`),
    });
  });
}

export async function resetPassword(input: ResetPasswordInput, now: Date = new Date()): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; user_id: string }[]>`
      SELECT t.id, t.user_id FROM account_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = ${hashOf(input.token)} AND t.purpose = 'password_reset' AND t.used_at IS NULL AND t.expires_at > ${now}
        AND u.deleted_at IS NULL AND NOT u.is_banned
      FOR UPDATE OF t`;
    const row = rows[0];
    if (!row) throw new AppError("bad_request", RESET_INVALID_DETAIL, { code: "reset_token_invalid" });
    await tx.accountToken.update({ where: { id: row.id }, data: { usedAt: now } });
    await tx.accountToken.deleteMany({ where: { userId: row.user_id, purpose: "password_reset", usedAt: null } });
    const user = await tx.user.update({ where: { id: row.user_id }, data: { passwordHash }, select: { email: true, emailVerifiedAt: true } });
    if (!user.emailVerifiedAt) await tx.user.update({ where: { id: row.user_id }, data: { emailVerifiedAt: now } });
    await revokeOtherSessions(tx, row.user_id, null);
    // Failed logins of the forgotten password no longer hold the owner back.
    await tx.$executeRaw`DELETE FROM rate_limit_buckets WHERE key LIKE ${`login:fail:${user.email}:%`} OR key = ${`login:emailfail:${user.email}`}`;
  });
}

/** Removes expired links and those used a day ago, reset and confirmation alike (the scheduled job). */
export async function purgeUsedAccountTokens(now: Date = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const { count } = await db.accountToken.deleteMany({ where: { OR: [{ usedAt: { lt: dayAgo } }, { expiresAt: { lt: now } }] } });
  return count;
}

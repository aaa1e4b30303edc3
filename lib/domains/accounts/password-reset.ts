/**
 * "Forgot password" by e-mail (docs/accounts.md).
 *
 * - A request always gets the same answer, whether or not the address has an account,
 *   so nobody learns who is a member; it is limited per address and per client. It also
 *   takes the same time: the answer goes out once the limits are counted, and the
 *   account's lookup, link and mail are done after it (`issueResetLink`), so a known
 *   address cannot be told apart by a slower answer.
 * - The link holds a random token; only its SHA-256 is stored. It works once, for one
 *   hour; a newer request replaces older links.
 * - A reset ends every session and token of the account (whoever knew the old password
 *   is out) and, since the mail arrived, counts as confirming the e-mail address.
 * - A reset is limited per client, and a token is checked before the new password is
 *   hashed: guessing tokens costs the server one indexed lookup each, never an argon2
 *   hash (which takes tens of milliseconds of CPU and 19 MiB).
 */
import { createHash, randomBytes } from "node:crypto";
import { AppError } from "@/lib/platform/api/errors";
import { enforce } from "@/lib/platform/api/rate-limit";
import { hashPassword } from "./auth/password";
import { revokeOtherSessions } from "./auth/sessions";
import { db } from "@/lib/platform/db/client";
import { log } from "@/lib/platform/log";
import { enqueueMail } from "@/lib/platform/mail/outbox";
import { absoluteUrl } from "@/lib/platform/site";
import type { ResetPasswordInput } from "./schemas";
import type { ResetLinkJson } from "./responses";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const FORGOT_PASSWORD_LIMITS = {
  perEmail: { max: 3, windowSeconds: 60 * 60 },
  perIp: { max: 20, windowSeconds: 60 * 60 },
};

/** Attempts to use a reset link, per client: a person needs a few; guessing needs millions. */
export const RESET_PASSWORD_LIMIT = { max: 20, windowSeconds: 15 * 60 };

/** The one answer to every accepted request. */
export const FORGOT_PASSWORD_DETAIL =
  "If an account exists for this e-mail address, we have sent it a link to choose a new password. The link is valid for one hour.";

export const RESET_INVALID_DETAIL = "This link is invalid or has expired. Request a new one.";

export const hashOf = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/**
 * Counts the request against its limits (429 when over) and returns; the link and the
 * mail are made afterwards, so the caller answers at once, alike for every address.
 * The work is in memory until it has written its mail to the outbox (milliseconds): an
 * instance that dies in between loses that one link, and the person asks again.
 */
export async function requestPasswordReset(email: string, ip: string, now: Date = new Date()): Promise<void> {
  await enforce(
    { key: `forgot:ip:${ip}`, ...FORGOT_PASSWORD_LIMITS.perIp },
    { key: `forgot:email:${email}`, ...FORGOT_PASSWORD_LIMITS.perEmail },
  );
  const work = issueResetLink(email, now)
    .catch((error) => log().error({ err: error }, "password reset link not issued"))
    .finally(() => pendingLinks.delete(work));
  pendingLinks.add(work);
}

const pendingLinks = new Set<Promise<unknown>>();

/** Resolves once every reset link requested so far is written (tests, shutdown). */
export async function settleResetRequests(): Promise<void> {
  while (pendingLinks.size > 0) await Promise.all([...pendingLinks]);
}

/** Stores a new link for an active account of `email` and writes its mail; nothing for others. */
async function issueResetLink(email: string, now: Date): Promise<void> {
  // Not in the caller's turn of the event loop: the answer is on its way first.
  await new Promise((resolve) => setImmediate(resolve));
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

function invalidToken(): AppError {
  return new AppError("bad_request", RESET_INVALID_DETAIL, { code: "reset_token_invalid" });
}

/**
 * Whether a reset link still works (GET /api/auth/reset-password and the page of the
 * link check it on load, so a used or expired link says so before the form). Reads
 * only: the token is not consumed, and nothing says whose it is.
 */
export async function resetTokenUsable(token: string, now: Date = new Date()): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const live = await db.$queryRaw<{ id: string }[]>`
    SELECT t.id FROM account_tokens t JOIN users u ON u.id = t.user_id
    WHERE t.token_hash = ${hashOf(token)} AND t.purpose = 'password_reset' AND t.used_at IS NULL AND t.expires_at > ${now}
      AND u.deleted_at IS NULL AND NOT u.is_banned`;
  return live.length > 0;
}

/** GET /api/auth/reset-password: the check above, limited per client like the reset itself. */
export async function checkResetLink(token: string, ip: string): Promise<ResetLinkJson> {
  await enforce({ key: `reset-check:ip:${ip}`, ...RESET_PASSWORD_LIMIT });
  return { valid: await resetTokenUsable(token) };
}

export async function resetPassword(input: ResetPasswordInput, ip: string, now: Date = new Date()): Promise<void> {
  await enforce({ key: `reset:ip:${ip}`, ...RESET_PASSWORD_LIMIT });
  const tokenHash = hashOf(input.token);
  // The token first (one indexed lookup): only a live link is worth a password hash.
  const live = await db.$queryRaw<{ id: string }[]>`
    SELECT t.id FROM account_tokens t JOIN users u ON u.id = t.user_id
    WHERE t.token_hash = ${tokenHash} AND t.purpose = 'password_reset' AND t.used_at IS NULL AND t.expires_at > ${now}
      AND u.deleted_at IS NULL AND NOT u.is_banned`;
  if (live.length === 0) throw invalidToken();
  const passwordHash = await hashPassword(input.password);
  await db.$transaction(async (tx) => {
    // Again under the row lock: a second use of the link, a newer link or a ban may
    // have come in while the password was hashed.
    const rows = await tx.$queryRaw<{ id: string; user_id: string }[]>`
      SELECT t.id, t.user_id FROM account_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = ${tokenHash} AND t.purpose = 'password_reset' AND t.used_at IS NULL AND t.expires_at > ${now}
        AND u.deleted_at IS NULL AND NOT u.is_banned
      FOR UPDATE OF t`;
    const row = rows[0];
    if (!row) throw invalidToken();
    await tx.accountToken.update({ where: { id: row.id }, data: { usedAt: now } });
    await tx.accountToken.deleteMany({ where: { userId: row.user_id, purpose: "password_reset", usedAt: null } });
    const user = await tx.user.update({ where: { id: row.user_id }, data: { passwordHash }, select: { email: true, emailVerifiedAt: true } });
    if (!user.emailVerifiedAt) await tx.user.update({ where: { id: row.user_id }, data: { emailVerifiedAt: now } });
    await revokeOtherSessions(tx, row.user_id, null, "password_reset");
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

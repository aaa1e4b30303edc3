/**
 * Signed-in sessions (docs/accounts.md). Every bearer token and every
 * web cookie carries the id of an `auth_sessions` row; a request counts only while that
 * row is live (not revoked, not expired), so a logout revokes exactly that token, and a
 * password change or reset revokes every other session of the user at once. Each of
 * these also closes the live event streams of the ended sessions, on every instance.
 */
import { db, type Tx } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";
import { endLiveStreams } from "@/lib/platform/events/publish";
import { noteActivity } from "../activity";
import { liveSessionUser } from "./session-user";

export type SessionKind = "bearer" | "web";

/** Why a session was ended (stored on the row; CHECK auth_sessions_revoked_reason). */
const REVOKE_REASONS = ["logout", "password_changed", "password_reset"] as const;
export type RevokeReason = (typeof REVOKE_REASONS)[number];

/**
 * Why a device's session no longer lets it in, told to that device (the web's
 * /logged-out page, the API's 401 `reason`): ended with a stored reason, the account
 * deleted or banned, or the session ran out. Null when nothing is known (an unknown or
 * forged id, or a session removed by the cleanup job a day after it ended).
 */
export const ENDED_REASONS = [...REVOKE_REASONS, "account_deleted", "banned", "expired"] as const;
export type EndedReason = (typeof ENDED_REASONS)[number];

/** Bearer tokens and web sessions both last 30 days. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function createSession(userId: string, kind: SessionKind, now: Date = new Date()): Promise<{ id: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
  const row = await db.authSession.create({ data: { userId, kind, createdAt: now, expiresAt }, select: { id: true } });
  return { id: row.id, expiresAt };
}

/**
 * The active (not deleted) user of a live session, in one query; null when the session
 * is unknown, revoked, expired or belongs to someone else.
 */
export async function userOfSession(userId: string, sessionId: string): Promise<User | null> {
  if (!UUID.test(userId) || !UUID.test(sessionId)) return null;
  const user = await liveSessionUser(userId, sessionId, new Date());
  if (!user || user.deletedAt) return null;
  // "Last active" for the seller card: written at most once an hour (../activity.ts).
  await noteActivity(user);
  return user;
}

/** Whether the session still lets its user in (live, user not deleted, not banned). */
export async function sessionAdmits(userId: string, sessionId: string): Promise<boolean> {
  const user = await userOfSession(userId, sessionId);
  return !!user && !user.isBanned;
}

/** Why the session of this user no longer counts (see EndedReason); null if unknown. */
export async function endedReason(userId: string, sessionId: string, now: Date = new Date()): Promise<EndedReason | null> {
  if (!UUID.test(userId) || !UUID.test(sessionId)) return null;
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { deletedAt: true, isBanned: true, authSessions: { where: { id: sessionId }, select: { revokedAt: true, revokedReason: true, expiresAt: true } } },
  });
  if (!user) return null;
  if (user.deletedAt) return "account_deleted";
  if (user.isBanned) return "banned";
  const session = user.authSessions[0];
  if (!session) return null;
  if (session.revokedAt) return (session.revokedReason as RevokeReason | null) ?? "logout";
  return session.expiresAt <= now ? "expired" : null;
}

/** Ends one session (logout). Returns whether a live session was ended. */
export async function revokeSession(userId: string, sessionId: string): Promise<boolean> {
  if (!UUID.test(sessionId)) return false;
  const { count } = await db.authSession.updateMany({
    where: { id: sessionId, userId, revokedAt: null },
    data: { revokedAt: new Date(), revokedReason: "logout" },
  });
  if (count > 0) await endLiveStreams(db, userId, { only: sessionId });
  return count > 0;
}

/** Ends every session of the user except `keep` (password change or reset), saying why. */
export async function revokeOtherSessions(tx: Tx, userId: string, keep: string | null, reason: RevokeReason): Promise<number> {
  const { count } = await tx.authSession.updateMany({
    where: { userId, revokedAt: null, ...(keep ? { id: { not: keep } } : {}) },
    data: { revokedAt: new Date(), revokedReason: reason },
  });
  if (count > 0) await endLiveStreams(tx, userId, { except: keep });
  return count;
}

/** Removes sessions that ended more than a day ago (the scheduled job). */
export async function purgeEndedSessions(now: Date = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const { count } = await db.authSession.deleteMany({
    where: { OR: [{ expiresAt: { lt: now } }, { revokedAt: { lt: dayAgo } }] },
  });
  return count;
}

/**
 * "Last active" (the seller card): when the user last used the site or
 * the API, to the hour. Every signed-in request resolves its session to the user row
 * (./auth/sessions.ts userOfSession), which carries `lastActiveAt`: only when that is
 * an hour old or more is it written, so an active user costs one small UPDATE an hour,
 * never a write per request. The stored time is the start of the hour (no more
 * precision than the card shows is kept).
 */
import { db } from "@/lib/platform/db/client";
import { log } from "@/lib/platform/log";

export const ACTIVITY_STEP_MS = 60 * 60 * 1000;

/** The start of the hour `now` is in. */
export function activityHour(now: Date): Date {
  return new Date(Math.floor(now.getTime() / ACTIVITY_STEP_MS) * ACTIVITY_STEP_MS);
}

/** Records that `user` is active now, when what is stored is from an earlier hour. */
export async function noteActivity(user: { id: string; lastActiveAt: Date | null }, now: Date = new Date()): Promise<void> {
  const hour = activityHour(now);
  if (user.lastActiveAt && user.lastActiveAt >= hour) return;
  try {
    // Conditional: two requests in the same hour write once.
    await db.user.updateMany({ where: { id: user.id, OR: [{ lastActiveAt: null }, { lastActiveAt: { lt: hour } }] }, data: { lastActiveAt: hour } });
    user.lastActiveAt = hour;
  } catch (error) {
    // Never fails the request it rides on.
    log().warn({ err: error }, "could not note activity");
  }
}

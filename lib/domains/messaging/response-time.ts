/**
 * The usual response time on the seller card ("reageert meestal
 * binnen een uur"). Kept on the user's row (`responseMinutes`) when they reply, so the
 * product page reads one column instead of pairing up messages: a message is a reply
 * when the conversation's previous message came from the other party, and the time
 * since that message moves the running average (weight 1/5, long waits capped at a
 * week so one forgotten chat does not rule for months).
 */
import type { Tx } from "@/lib/platform/db/client";

export const REPLY_WEIGHT = 0.2;
export const REPLY_CAP_MINUTES = 7 * 24 * 60;

/** The new running average from the old one and one reply's minutes. */
export function nextResponseMinutes(previous: number | null, replyMinutes: number): number {
  const minutes = Math.min(Math.max(replyMinutes, 0), REPLY_CAP_MINUTES);
  return Math.round(previous === null ? minutes : previous * (1 - REPLY_WEIGHT) + minutes * REPLY_WEIGHT);
}

/** Call before writing `senderId`'s message in `conversationId` at `now` (inside its transaction). */
export async function recordReply(tx: Tx, conversationId: string, senderId: string, now: Date): Promise<void> {
  const last = await tx.message.findFirst({
    where: { conversationId },
    orderBy: { createdAt: "desc" },
    select: { senderId: true, createdAt: true },
  });
  if (!last || last.senderId === senderId) return;
  const user = await tx.user.findUnique({ where: { id: senderId }, select: { responseMinutes: true } });
  if (!user) return;
  const minutes = (now.getTime() - last.createdAt.getTime()) / 60_000;
  await tx.user.update({ where: { id: senderId }, data: { responseMinutes: nextResponseMinutes(user.responseMinutes, minutes) } });
}

/**
 * Web Push of notifications (docs/notifications.md). `notify` marks a row of a pushed
 * event as pending in its own transaction; the sender takes pending rows only once they
 * are committed (a rolled-back notification is never pushed), so pushing never blocks
 * the request: a nudge a second after the write, and the scheduled job every minute.
 * Devices subscribe with POST /api/push/subscriptions; a subscription the push service
 * no longer knows (404/410) is removed.
 */
import { z } from "zod";
import { AppError } from "@/lib/platform/api/errors";
import { db } from "@/lib/platform/db/client";
import type { Notification } from "@/lib/platform/db/generated/client";
import { env } from "@/lib/platform/env";
import { isLocale } from "@/lib/platform/i18n/config";
import { log } from "@/lib/platform/log";
import { isAllowedPushEndpoint, pushPreferencesOf, sendPush, vapidKeys, type PushCategory } from "@/lib/platform/push";
import { absoluteUrl } from "@/lib/platform/site";
import { renderNotification } from "./feed";

/** Notification event → push category. Events not listed are not pushed. */
const EVENT_PUSH: Record<string, PushCategory> = {
  "message.received": "messages",
  "offer.made": "offers",
  "offer.countered": "offers",
  "offer.accepted": "offers",
  "offer.declined": "offers",
  "order.sold": "sales",
  "order.sold_shipping": "sales",
  "shipping.ship_by_reminder": "shipping",
  "shipping.label_created": "shipping",
  "shipping.delivered": "shipping",
  "return.label_ready": "returns",
  "return.opened": "returns",
  "return.withdrawal_received": "returns",
  "return.handed_in": "returns",
  "return.arrived": "returns",
  "return.delivered": "returns",
  "return.refunded": "returns",
  "return.problem_reported": "returns",
  "return.inspect_reminder": "returns",
  "return.hand_in_reminder": "returns",
  "payout.released": "payouts",
};

export function pushCategoryOf(event: string): PushCategory | undefined {
  return EVENT_PUSH[event];
}

/** The most pending rows one run sends. */
const BATCH = 100;
/** Rows older than this are dropped unsent: a day-old push only confuses. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

const base64url = (bytes: number, field: string) =>
  z.string({ error: `${field} is required` }).refine((v) => /^[A-Za-z0-9_-]+={0,2}$/.test(v) && Buffer.from(v, "base64url").length === bytes, `${field} must be ${bytes} bytes, base64url`);

/** POST /api/push/subscriptions: what PushSubscription.toJSON() gives. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string({ error: "endpoint is required" }).max(2048, "endpoint is too long"),
  keys: z.object({ p256dh: base64url(65, "keys.p256dh"), auth: base64url(16, "keys.auth") }, { error: "keys is required" }),
  expirationTime: z.number().nullable().optional(),
});

/** DELETE /api/push/subscriptions. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string({ error: "endpoint is required" }).max(2048, "endpoint is too long") });

export function pushPublicKey(): { public_key: string } {
  return { public_key: vapidKeys().publicKey };
}

/** Stores the device's subscription for the user (an endpoint moves to its latest account). */
export async function subscribePush(userId: string, input: z.output<typeof pushSubscriptionSchema>): Promise<{ endpoint: string }> {
  if (!isAllowedPushEndpoint(input.endpoint)) {
    const message = "This push service is not supported";
    throw new AppError("validation", message, { code: "push_endpoint_not_allowed", errors: [{ field: "endpoint", message }] });
  }
  const keys = { p256dh: input.keys.p256dh, auth: input.keys.auth };
  await db.pushSubscription.upsert({
    where: { endpoint: input.endpoint },
    create: { userId, endpoint: input.endpoint, ...keys },
    update: { userId, ...keys },
  });
  return { endpoint: input.endpoint };
}

/** Forgets the device's subscription; only the caller's own. */
export async function unsubscribePush(userId: string, endpoint: string): Promise<{ removed: boolean }> {
  const { count } = await db.pushSubscription.deleteMany({ where: { userId, endpoint } });
  return { removed: count > 0 };
}

type Sent = { sent: number; failed: number; removed: number };

async function pushOne(row: Notification, tally: Sent): Promise<void> {
  const category = row.event ? pushCategoryOf(row.event) : undefined;
  if (!category || Date.now() - row.createdAt.getTime() > MAX_AGE_MS) return;
  const user = await db.user.findUnique({
    where: { id: row.userId },
    select: { locale: true, pushPreferences: true, deletedAt: true, isBanned: true, pushSubscriptions: true },
  });
  if (!user || user.deletedAt || user.isBanned || !pushPreferencesOf(user.pushPreferences)[category]) return;
  const shown = renderNotification(row, isLocale(user.locale) ? user.locale : "nl");
  const payload = { id: row.id, title: shown.title, body: shown.message, url: absoluteUrl(row.link ?? "/notifications"), category };
  for (const subscription of user.pushSubscriptions) {
    const result = await sendPush(subscription, payload);
    if (result === "gone") {
      await db.pushSubscription.deleteMany({ where: { id: subscription.id } });
      tally.removed += 1;
    } else tally[result] += 1;
  }
}

/**
 * Sends the committed pending pushes. A row is claimed (its flag cleared) before it is
 * sent, so two senders never push it twice; a push service that fails is not retried.
 */
export async function sendPendingPush(): Promise<Sent> {
  const tally: Sent = { sent: 0, failed: 0, removed: 0 };
  const claimed = await db.$queryRaw<{ id: string }[]>`
    UPDATE notifications SET push_pending = false
    WHERE id IN (SELECT id FROM notifications WHERE push_pending ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  if (claimed.length === 0) return tally;
  const rows = await db.notification.findMany({ where: { id: { in: claimed.map((r) => r.id) } }, orderBy: { createdAt: "asc" } });
  for (const row of rows) {
    try {
      await pushOne(row, tally);
    } catch (error) {
      tally.failed += 1;
      log().warn({ err: error, notificationId: row.id }, "push failed");
    }
  }
  return tally;
}

let nudge: NodeJS.Timeout | undefined;

/** Sends soon (after the writing transaction has committed), besides the job's minute. */
export function schedulePushSend(delayMs = 1000): void {
  if (!env().PUSH_SEND_ON_WRITE || nudge) return;
  nudge = setTimeout(() => {
    nudge = undefined;
    sendPendingPush().catch((error) => log().warn({ err: error }, "sending push failed"));
  }, delayMs);
  nudge.unref();
}

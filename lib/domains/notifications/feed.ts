/**
 * The notifications API: the caller's list, the unread count,
 * marking read. Each row is shown in the reader's language: rendered from its `event`
 * and `data` with the texts of messages/<locale>.json (`notificationEvents.<event>`,
 * dots as underscores); rows without a known event keep their stored (Dutch) text.
 */
import { notFound } from "@/lib/platform/api/errors";
import { db } from "@/lib/platform/db/client";
import type { Notification } from "@/lib/platform/db/generated/client";
import { publishEvent } from "@/lib/platform/events/publish";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from "@/lib/platform/i18n/config";
import { eventText } from "@/lib/platform/i18n/events";
import { NOTIFICATIONS_DEFAULT_LIMIT, NOTIFICATIONS_MAX_LIMIT } from "./limits";

export type { NotificationJson } from "./responses";
import type { MarkedAllReadJson, NotificationJson } from "./responses";

/**
 * The reader's language: the site's language cookie (the page they are looking at),
 * else the account's language (apps send no cookie), else the first of
 * Accept-Language that we speak; Dutch otherwise.
 */
export function notificationLocale(
  req: { headers: Headers; cookies?: { get(name: string): { value: string } | undefined } },
  user?: { locale?: string | null } | null,
): Locale {
  const cookie = req.cookies?.get(LOCALE_COOKIE)?.value;
  if (isLocale(cookie)) return cookie;
  if (isLocale(user?.locale)) return user.locale;
  for (const part of (req.headers.get("accept-language") ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase().slice(0, 2);
    if (isLocale(tag)) return tag;
  }
  return DEFAULT_LOCALE;
}

export function renderNotification(row: Notification, locale: Locale): NotificationJson {
  let title = row.title;
  let message = row.message;
  const key = row.event?.replaceAll(".", "_");
  if (key) {
    // Money and times in the reader's format (lib/platform/i18n/events.ts); a row whose
    // event has no text, or lacks a value, keeps its stored (Dutch) text.
    const shownTitle = eventText(locale, `notificationEvents.${key}.title`, row.data);
    const shownMessage = eventText(locale, `notificationEvents.${key}.message`, row.data);
    if (shownTitle !== null && shownMessage !== null) {
      title = shownTitle;
      message = shownMessage;
    }
  }
  return {
    id: row.id,
    type: row.type,
    title,
    message,
    created_at: row.createdAt.toISOString(),
    read: row.read,
    link: row.link,
    event: row.event,
    data: row.event && row.data && typeof row.data === "object" && !Array.isArray(row.data) ? (row.data as Record<string, unknown>) : null,
  };
}

export async function listNotifications(
  userId: string,
  options: { limit?: number; read?: boolean; before?: string },
  locale: Locale,
): Promise<NotificationJson[]> {
  const limit = Math.min(Math.max(options.limit ?? NOTIFICATIONS_DEFAULT_LIMIT, 1), NOTIFICATIONS_MAX_LIMIT);
  let cursor: { createdAt: Date; id: string } | null = null;
  if (options.before) {
    cursor = await db.notification.findFirst({ where: { id: options.before, userId }, select: { createdAt: true, id: true } });
    if (!cursor) throw notFound("Notification not found", "notification_not_found");
  }
  const rows = await db.notification.findMany({
    where: {
      userId,
      ...(options.read === undefined ? {} : { read: options.read }),
      ...(cursor
        ? { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map((row) => renderNotification(row, locale));
}

export async function unreadCount(userId: string): Promise<{ unread_count: number }> {
  return { unread_count: await db.notification.count({ where: { userId, read: false } }) };
}

/** Marks one of the caller's notifications read; anyone else's is "not found". */
export async function markRead(userId: string, id: string, locale: Locale): Promise<NotificationJson> {
  return db.$transaction(async (tx) => {
    const found = await tx.notification.findFirst({ where: { id, userId } });
    if (!found) throw notFound("Notification not found", "notification_not_found");
    const row = found.read ? found : await tx.notification.update({ where: { id }, data: { read: true } });
    if (!found.read) await publishEvent(tx, userId, { type: "unread" });
    return renderNotification(row, locale);
  });
}

export async function markAllRead(userId: string): Promise<MarkedAllReadJson> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.notification.updateMany({ where: { userId, read: false }, data: { read: true } });
    if (count > 0) await publishEvent(tx, userId, { type: "unread" });
    return { message: "All notifications marked as read", updated: count };
  });
}

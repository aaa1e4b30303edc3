/**
 * The JSON the notifications routes answer with, as zod output schemas: the serializers
 * are typed by them and the OpenAPI document shows them, so the two cannot drift.
 */
import { z } from "zod";

export const notificationJson = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string().describe("In the reader's language"),
  message: z.string(),
  created_at: z.string().describe("ISO 8601"),
  read: z.boolean(),
  link: z.string().nullable().describe("The page the notification opens"),
  event: z.string().nullable().describe("What happened (message.received, offer.made, ...)"),
  data: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe("The event's values, for apps that render their own text: money in integer cents under keys ending in Cents, times as ISO 8601 under keys ending in At"),
});
export type NotificationJson = z.output<typeof notificationJson>;

export const unreadCountJson = z.object({ unread_count: z.number().int() });
export const markedAllReadJson = z.object({ message: z.string().describe("English text"), updated: z.number().int().describe("How many were unread until now") });
export type MarkedAllReadJson = z.output<typeof markedAllReadJson>;
export const pushPublicKeyJson = z.object({ public_key: z.string().describe("The VAPID public key, base64url") });
export const pushSubscribedJson = z.object({ endpoint: z.string() });
export const pushUnsubscribedJson = z.object({ removed: z.boolean() });

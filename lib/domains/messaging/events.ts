/**
 * Messages the system writes into a conversation (docs/messaging.md "System messages"):
 * stored as an event, a kind and its values (money in cents), and rendered in the
 * reader's language and number format wherever they are shown (the thread, the
 * conversation list's preview). The row's `content` keeps the Dutch text.
 *
 * Kinds: `offer` {offer_id, amount_cents, made_by}: an offer or a counter-offer.
 */
import type { Locale } from "@/lib/platform/i18n/config";
import { eventText } from "@/lib/platform/i18n/events";

type MessageEventKind = "offer";
export type MessageEvent = { kind: MessageEventKind | string; data: Record<string, unknown> };

/** The event of a stored row, as the API shows it (null for a message someone wrote). */
export function messageEventOf(kind: string | null, data: unknown): MessageEvent | null {
  if (!kind) return null;
  return { kind, data: data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {} };
}

/** The text of a message: its event in the reader's language, else what was written. */
export function messageText(content: string, event: MessageEvent | null, locale: Locale): string {
  if (!event) return content;
  return eventText(locale, `messageEvents.${event.kind}`, event.data) ?? content;
}

/** The text of a stored message row in the reader's language (its event, else its content). */
export function storedMessageText(row: { content: string; event: string | null; eventData: unknown }, locale: Locale): string {
  return messageText(row.content, messageEventOf(row.event, row.eventData), locale);
}

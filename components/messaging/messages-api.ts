/**
 * The browser side of the messaging API (docs/messaging.md): shapes and small fetchers.
 * Every call goes through `apiResult` (components/lib/api-client.ts: never throws; a
 * failure is an ApiError with the server's `{detail, code}`).
 */
import { apiResult } from "@/components/lib/api-client";

export type ConversationJson = {
  id: string;
  product_id: string | null;
  product_title: string | null;
  product_image: string | null;
  /** Euros; null when the product is gone. */
  product_price: number | null;
  /** Null when the product is gone. */
  product_status: "available" | "reserved" | "sold" | null;
  /** The accepted offer's amount while it holds, else null. */
  agreed_price: number | null;
  other_user_id: string;
  other_user_name: string;
  other_user_image: string | null;
  role: "buyer" | "seller";
  unread_count: number;
  /** In the reader's language (a system message rendered from its event). */
  last_message: string | null;
  last_message_event: MessageEventJson | null;
  last_message_at: string;
};

export type OfferJson = {
  id: string;
  amount: number;
  amount_cents: number;
  status: "pending" | "accepted" | "declined" | "countered" | "withdrawn" | "expired";
  made_by: "buyer" | "seller";
  expires_at: string;
};

export type MessageJson = {
  id: string;
  conversation_id: string;
  sender_id: string;
  content: string;
  created_at: string;
  read_at: string | null;
  warning: "payment_link" | "off_platform_payment" | "phishing_link" | "contact_off_platform" | null;
  offer: OfferJson | null;
  images: MessageImageJson[];
  /** A message the system wrote (an offer): its kind and values; null for what people wrote. */
  event: MessageEventJson | null;
};

type MessageEventJson = { kind: string; data: Record<string, unknown> };

export type MessageImageJson = { id: string; url: string; thumbnail_url: string; width: number; height: number };

/** Photos per message (the server's CHAT_IMAGES_MAX, docs/messaging.md). */
export const CHAT_PHOTOS_MAX = 4;

export const POLL_MS = 5000;

export const fetchConversations = () => apiResult<ConversationJson[]>("/api/messages/conversations", { cache: "no-store" });

export const fetchMessages = (id: string) => apiResult<MessageJson[]>(`/api/conversations/${encodeURIComponent(id)}/messages`, { cache: "no-store" });

/** Text as JSON; with photos a multipart form (`content` and `images`). */
export function postMessage(id: string, content: string, photos: readonly File[] = []) {
  const path = `/api/conversations/${encodeURIComponent(id)}/messages`;
  if (photos.length === 0) return apiResult<MessageJson>(path, { json: { content } });
  const form = new FormData();
  form.append("content", content);
  for (const photo of photos) form.append("images", photo, photo.name);
  return apiResult<MessageJson>(path, { form, timeoutMs: 60_000 });
}

export const postOffer = (conversationId: string, amount: string) =>
  apiResult<OfferJson>(`/api/conversations/${encodeURIComponent(conversationId)}/offers`, { json: { amount } });

export const offerAction = (offerId: string, action: "accept" | "decline" | "counter" | "withdraw", amount?: string) =>
  apiResult<OfferJson>(`/api/offers/${encodeURIComponent(offerId)}/${action}`, { json: amount === undefined ? {} : { amount } });

export const fetchProductPrice = (productId: string) =>
  apiResult<{ price: number; status: string }>(`/api/products/${encodeURIComponent(productId)}`, { cache: "no-store" });

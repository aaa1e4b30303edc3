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
  other_user_id: string;
  other_user_name: string;
  other_user_image: string | null;
  role: "buyer" | "seller";
  unread_count: number;
  last_message: string | null;
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
};

export const POLL_MS = 5000;

export const fetchConversations = () => apiResult<ConversationJson[]>("/api/messages/conversations", { cache: "no-store" });

export const fetchMessages = (id: string) => apiResult<MessageJson[]>(`/api/conversations/${encodeURIComponent(id)}/messages`, { cache: "no-store" });

export const postMessage = (id: string, content: string) =>
  apiResult<MessageJson>(`/api/conversations/${encodeURIComponent(id)}/messages`, { json: { content } });

export const postOffer = (conversationId: string, amount: string) =>
  apiResult<OfferJson>(`/api/conversations/${encodeURIComponent(conversationId)}/offers`, { json: { amount } });

export const offerAction = (offerId: string, action: "accept" | "decline" | "counter" | "withdraw", amount?: string) =>
  apiResult<OfferJson>(`/api/offers/${encodeURIComponent(offerId)}/${action}`, { json: amount === undefined ? {} : { amount } });

export const fetchProductPrice = (productId: string) =>
  apiResult<{ price: number; status: string }>(`/api/products/${encodeURIComponent(productId)}`, { cache: "no-store" });

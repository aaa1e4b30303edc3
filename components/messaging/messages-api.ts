/**
 * The browser side of the messaging API (docs/messaging.md): shapes and small fetchers.
 * Every call goes through `callApi` (never throws; a failure keeps `{detail, code}`).
 */
import { callApi } from "@/components/payments/checkout-client";

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

export const fetchConversations = () => callApi<ConversationJson[]>("/api/messages/conversations", { cache: "no-store" });

export const fetchMessages = (id: string) => callApi<MessageJson[]>(`/api/conversations/${encodeURIComponent(id)}/messages`, { cache: "no-store" });

export const postMessage = (id: string, content: string) =>
  callApi<MessageJson>(`/api/conversations/${encodeURIComponent(id)}/messages`, { method: "POST", body: JSON.stringify({ content }) });

export const postOffer = (conversationId: string, amount: string) =>
  callApi<OfferJson>(`/api/conversations/${encodeURIComponent(conversationId)}/offers`, { method: "POST", body: JSON.stringify({ amount }) });

export const offerAction = (offerId: string, action: "accept" | "decline" | "counter" | "withdraw", amount?: string) =>
  callApi<OfferJson>(`/api/offers/${encodeURIComponent(offerId)}/${action}`, {
    method: "POST",
    body: JSON.stringify(amount === undefined ? {} : { amount }),
  });

export const fetchProductPrice = (productId: string) =>
  callApi<{ price: number; status: string }>(`/api/products/${encodeURIComponent(productId)}`, { cache: "no-store" });

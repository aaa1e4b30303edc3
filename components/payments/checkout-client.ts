"use client";

/**
 * Browser side of the payments API (docs/payments.md): the shapes the cart, Buy Now and
 * the product cards get (through components/lib/api-client.ts), and the translation of
 * their errors. The API speaks
 * English (`detail`) with a stable `code`; the UI shows the user's language for the
 * codes it knows and the server's `detail` for anything else.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { errorText, type ApiError, type ApiErrorTexts, type ErrorCode } from "@/components/lib/api-client";

export { useOnPageRestore } from "./page-restore";
/** For the buttons that load this module on demand (components/catalog/*-actions.tsx). */
export { apiResult } from "@/components/lib/api-client";

/** A translator of one namespace, as next-intl's useTranslations gives it. */
type Translator = ReturnType<typeof useTranslations>;

/** What the three create-checkout endpoints answer. */
export type CheckoutStart = { checkout_url: string; session_id: string; transaction_ids: string[] };

/** GET /api/payments/checkout-status/{id} and POST /api/payments/cancel-checkout/{id}. */
export type CheckoutStatus = {
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "failed";
  /** Cents. */
  amount_total: number;
  currency: string;
  transaction_id: string | null;
  transaction_ids: string[];
  /** The provider's page while this checkout can still be paid; null once it ended. */
  checkout_url?: string | null;
  /** The items of this checkout (where "try again" leads once it ended). */
  products?: { id: string; title: string }[];
};

/** One cart line of GET /api/cart (euros). */
export type CartItem = {
  product_id: string;
  added_at: string;
  product: {
    id: string;
    title: string;
    price: number;
    commission: number;
    images: string[];
    status: string;
    is_sold: boolean;
    seller_id: string;
    seller_name: string;
    /** False for sold, reserved (by someone else) or deleted products. */
    available: boolean;
  };
};
export type Cart = { items: CartItem[] };

/** A checkout answer is only usable with a URL to send the browser to. */
export function isCheckoutStart(value: unknown): value is CheckoutStart {
  return !!value && typeof value === "object" && typeof (value as CheckoutStart).checkout_url === "string";
}

/** The API's error codes → keys under `checkout.errors`. */
const KEY_OF_CODE: Partial<Record<ErrorCode, string>> = {
  own_product: "ownProduct",
  sold: "sold",
  reserved: "reserved",
  seller_unavailable: "sellerUnavailable",
  empty_cart: "emptyCart",
  too_many_items: "tooManyItems",
  rate_limited: "rateLimited",
  unauthorized: "sessionExpired",
  banned: "banned",
  provider_error: "providerError",
  price_changed: "priceChanged",
  product_not_found: "notFound",
};

/**
 * The price of `productId` that holds now, from a 409 `price_changed` answer (euros);
 * null for any other failure. The one-product buttons show it and send it next time.
 */
export function changedPrice(failure: ApiError, productId: string): number | null {
  if (failure.status !== 409 || failure.code !== "price_changed") return null;
  const items = (failure.body as { items?: unknown }).items;
  if (!Array.isArray(items)) return null;
  const item = items.find((entry): entry is { product_id: string; price: number } => !!entry && typeof entry === "object" && entry.product_id === productId && typeof entry.price === "number");
  return item ? item.price : null;
}

/**
 * The text to show for a failed payments call: the checkout's own text for the code when
 * it has one, else the code's `apiErrors` text, else `fallback` (the text of the action).
 */
export function usePaymentError() {
  const t = useTranslations("checkout.errors");
  const texts = useTranslations("apiErrors");
  return React.useCallback((failure: ApiError, fallback: string): string => paymentErrorText(t, (code) => texts(code), failure, fallback), [t, texts]);
}

/** usePaymentError()'s text, given `checkout.errors`' and `apiErrors`' translators (for code loaded on demand). */
export function paymentErrorText(t: Translator, texts: ApiErrorTexts, failure: ApiError, fallback: string): string {
  if (failure.status === 0) return t("network");
  if (!failure.code && failure.status === 401) return t("sessionExpired");
  return errorText(failure, fallback, texts, (code) => {
    const key = KEY_OF_CODE[code];
    return key ? t(key) : undefined;
  });
}

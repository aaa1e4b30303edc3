/**
 * Every machine code the API sends as `code` next to `detail` (docs/api.md).
 * `detail` is English text for people; clients decide by `code` only. One list for the
 * server (AppError accepts only these) and for the browser (components/lib/api-client.ts
 * translates them), so this file imports nothing.
 */
export const ERROR_CODES = [
  // The route wrapper, the request guards and the server in front of Next.
  "unauthorized",
  "banned",
  "admin_only",
  "bad_origin",
  "bad_path",
  "query_too_long",
  "invalid_json",
  "body_too_large",
  "too_deep",
  "invalid_characters",
  "validation",
  "unavailable",
  "busy",
  "not_found",
  "conflict",
  "internal",
  "method_not_allowed",
  "rate_limited",
  "unknown_path",
  "too_large",
  "not_multipart",
  "bad_multipart",
  "no_file",
  // Accounts, sign-in and mail links.
  "invalid_credentials",
  // Statements of reasons, appeals and reports from anyone (DSA art. 16, 17, 20).
  "appeal_token_invalid",
  "appeal_too_late",
  "appeal_open",
  "appeal_decided",
  "good_faith_required",
  "reporter_email_required",
  "trader_details_required",
  "email_taken",
  "email_read_only",
  "email_already_verified",
  "name_reserved",
  "current_password_wrong",
  "password_changed",
  "password_wrong",
  "reset_token_invalid",
  "confirm_token_invalid",
  "unsubscribe_invalid",
  "unknown_mail_category",
  "mail_category_required",
  "account_has_open_orders",
  // Catalogue and photos.
  "product_not_found",
  "product_sold",
  "product_reserved",
  "product_has_open_order",
  "unknown_category",
  "unknown_location",
  "image_not_ours",
  "image_missing",
  "image_in_use",
  "image_not_yours",
  "image_too_large",
  "image_too_many_pixels",
  "not_an_image",
  "bad_image",
  "too_many_images",
  "near_not_found",
  // Geocoding.
  "address_not_found",
  "no_address_found",
  "geocoder_unavailable",
  // Cart, checkout, orders and payouts.
  "own_product",
  "sold",
  "reserved",
  "seller_unavailable",
  "empty_cart",
  "too_many_items",
  "too_many_lapsed",
  "bad_origin_url",
  "price_changed",
  "provider_error",
  "payments_not_configured",
  "checkout_closed",
  "checkout_expired",
  "checkout_paid",
  "invalid_state",
  "wrong_code",
  "test_mode",
  // Shipping.
  "delivery_not_offered",
  "destination_required",
  "unknown_service_point",
  // Returns and the right of withdrawal.
  "withdrawal_private_seller",
  "withdrawal_period_over",
  "partial_refund_too_high",
  "sender_address_required",
  // Offers (`amount_` + what the price parser says, lib/platform/money/price-input.ts).
  "amount_required",
  "amount_invalid",
  "amount_ambiguous",
  "amount_decimals",
  "amount_too_low",
  "amount_too_high",
  "product_unavailable",
  "recipient_unavailable",
  "not_below_price",
  "offer_too_low",
  "offer_pending",
  "offer_not_pending",
  "not_buyer",
  "not_allowed",
  // Messages.
  "pickup_code",
  "empty_message",
  "too_long",
  "self",
  "wrong_recipient",
  "bad_cursor",
  // Reviews.
  "already_reviewed",
  "already_replied",
  "not_purchased",
  // Saved searches, support, reports.
  "too_many_saved_searches",
  "order_not_found",
  "ticket_closed",
  "own_target",
  "wrong_target",
  "already_decided",
  // Tax (DAC7): the report's operator details are not configured.
  "platform_operator_missing",
  // Admin.
  "target_is_admin",
  "already_verified",
  "already_banned",
  "not_banned",
  "payouts_already_held",
  "payouts_not_held",
  "order_in_progress",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether `value` is one of the codes above (a body from elsewhere may carry anything). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && KNOWN.has(value);
}

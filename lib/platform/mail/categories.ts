/**
 * Mail categories and templates. Users choose per category in Settings;
 * `account` and `transactions` mails are strictly needed (your password, your money)
 * and cannot be turned off, so they carry no List-Unsubscribe.
 */
export const MAIL_CATEGORIES = ["account", "transactions", "messages", "new_offers", "offers", "support"] as const;
export type MailCategory = (typeof MAIL_CATEGORIES)[number];

export const REQUIRED_CATEGORIES: readonly MailCategory[] = ["account", "transactions"];

/** Each template, the category it belongs to, and the data keys its texts use. */
export const MAIL_TEMPLATES = {
  welcome: "account",
  email_confirmation: "account",
  password_reset: "account",
  order_sold: "transactions",
  order_paid: "transactions",
  order_refunded: "transactions",
  order_cancelled_by_seller: "transactions",
  payout_sent: "transactions",
  dispute_raised: "transactions",
  dispute_opened: "transactions",
  dispute_resolved: "transactions",
  order_paid_shipping: "transactions",
  order_sold_shipping: "transactions",
  shipment_label_created: "transactions",
  shipment_delivered: "transactions",
  shipment_auto_confirmed: "transactions",
  shipment_auto_confirmed_seller: "transactions",
  ship_by_reminder: "transactions",
  shipment_not_shipped: "transactions",
  shipment_lost: "transactions",
  shipment_returned: "transactions",
  // Returns, partial refunds and withdrawal (docs/returns.md).
  return_label_ready: "transactions",
  return_opened: "transactions",
  return_withdrawal_received: "transactions",
  return_handed_in: "transactions",
  return_arrived: "transactions",
  return_delivered: "transactions",
  return_refunded: "transactions",
  return_problem_reported: "transactions",
  return_hand_in_reminder: "transactions",
  return_inspect_reminder: "transactions",
  return_expired: "transactions",
  return_expired_seller: "transactions",
  partial_refund_offered: "transactions",
  partial_refund_accepted: "transactions",
  partial_refund_refused: "transactions",
  offer_accepted: "offers",
  // A new offer on the seller's listing: on until the seller turns it off.
  offer_received: "new_offers",
  ticket_reply: "support",
  unread_message: "messages",
  // Statements of reasons, appeals and reports (DSA art. 16, 17, 20): strictly needed.
  statement_of_reasons: "account",
  appeal_received: "account",
  appeal_decided: "account",
  report_receipt: "account",
  report_outcome: "account",
  tax_profile_needed: "transactions",
  dac7_statement: "transactions",
} as const satisfies Record<string, MailCategory>;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;

export function isMailCategory(value: unknown): value is MailCategory {
  return typeof value === "string" && (MAIL_CATEGORIES as readonly string[]).includes(value);
}

/** Whether the user wants mails of this category (absent means yes). */
export function wantsCategory(preferences: unknown, category: MailCategory): boolean {
  if (REQUIRED_CATEGORIES.includes(category)) return true;
  if (!preferences || typeof preferences !== "object") return true;
  return (preferences as Record<string, unknown>)[category] !== false;
}

/** Every category with the user's choice, for Settings and the API. */
export function preferencesOf(preferences: unknown): Record<MailCategory, boolean> {
  return Object.fromEntries(MAIL_CATEGORIES.map((c) => [c, wantsCategory(preferences, c)])) as Record<MailCategory, boolean>;
}

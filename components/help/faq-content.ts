/**
 * The FAQ's structure (five categories); texts live in messages under
 * `faq.categories.<category>.items.<question>.{q,a}`.
 */
export const FAQ = {
  general: ["what", "cost", "escrow", "ranking"],
  selling: ["howToSell", "pickupCode", "payout", "cancel", "business"],
  buying: ["howToBuy", "offers", "confirm", "noHandover", "refund", "dispute", "withdrawal"],
  safety: ["payOnPlatform", "paymentLinks", "codeSafety", "meeting"],
  account: ["support", "data", "delete", "email"],
} as const;

export type FaqCategory = keyof typeof FAQ;
export const FAQ_CATEGORIES = Object.keys(FAQ) as FaqCategory[];

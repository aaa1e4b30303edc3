/**
 * Scam warnings on messages (docs/messaging.md). A common scam on Dutch
 * marketplaces: the "buyer" or "seller" sends a payment request link (Tikkie, bunq.me,
 * PayPal.me, a bank's betaalverzoek), asks for a bank transfer or gift cards, sends a
 * link that imitates Kringwaar or a courier, or wants to move to WhatsApp with a phone
 * number. The message is still delivered; the recipient sees a warning under it.
 *
 * Pure and conservative: a question about paying ("kan ik met tikkie betalen?") is not
 * flagged, an actual link or an explicit request to pay outside Kringwaar is.
 */
export type WarningCode = "payment_link" | "off_platform_payment" | "phishing_link" | "contact_off_platform";

/** Payment-request hosts and paths (a link, not the word). */
const PAYMENT_LINK =
  /\b(?:https?:\/\/)?(?:www\.)?(?:tikkie\.me|tikkie\.nl\/(?:pay|t)|bunq\.me|paypal\.me|paypal\.com\/(?:paypalme|pay|send)|betaalverzoek\.(?:rabobank|ing)\.nl|(?:[\w-]+\.)?ing\.nl\/(?:payreq|betaalverzoek)|rabo\.(?:me|to)|rabobank\.nl\/(?:betaalverzoek|pay)|abnamro\.nl\/(?:betaalverzoek|tikkie)|revolut\.me|wise\.com\/pay|buymeacoffee\.com|ko-fi\.com)\/?\S*/i;

/** Links whose host imitates Kringwaar or a courier without being the real site. */
const URL = /\b(?:https?:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?:\/\S*)?/gi;
const OFFICIAL_HOSTS = /^(?:www\.)?(?:kringwaar\.nl|postnl\.nl|dhl\.(?:nl|com|de)|dpd\.(?:nl|com)|gls-info\.nl|ups\.com)$/i;
const IMITATED = /kringwaar|kr1ngwaar|kringwar|postnl|post-nl|dhl|dpd|gls|ups-|bezorg|delivery|pakket|track/i;

/** Money moving outside the platform, in words. */
const OFF_PLATFORM: RegExp[] = [
  // a request or statement: "stuur een betaalverzoek", "ik stuur je een tikkie"
  /\b(?:stuur|verstuur|stuurt|sturen|send|sending)\b[^.?!\n]{0,40}\b(?:betaalverzoek|tikkie|payment request|paypal)\b/i,
  /\b(?:betaalverzoek|tikkie|payment request)\b[^.?!\n]{0,30}\b(?:gestuurd|verstuurd|sent|gestuurt)\b/i,
  // bank transfers with an IBAN or an explicit "overmaken"
  /\bNL\s?\d{2}\s?[A-Z]{4}\s?(?:\d\s?){10}\b/,
  /\b(?:maak|maakt|overmaken|overboeken|transfer|wire)\b[^.?!\n]{0,40}\b(?:rekening|rekeningnummer|iban|bank ?account|account number)\b/i,
  /\b(?:rekeningnummer|iban|bank ?account(?: number)?|account number)\b[^.?!\n]{0,20}(?::|is|=)/i,
  /\b(?:betaal|pay|betalen)\b[^.?!\n]{0,30}\b(?:buiten kringwaar|outside kringwaar|outside the (?:platform|site|app)|niet via kringwaar|not through kringwaar|via (?:de )?bank)\b/i,
  // gift cards and vouchers
  /\b(?:cadeaukaart(?:en)?|giftcard(?:s)?|gift cards?|itunes[- ]?kaart|google play[- ]?(?:kaart|card)|paysafecard|steam[- ]?(?:kaart|card)|bol\.com[- ]?bon)\b/i,
  // Western Union, crypto
  /\b(?:western union|moneygram|bitcoin|btc|usdt|crypto)\b/i,
];

/** Moving the conversation to WhatsApp or similar, with a phone number. */
const CONTACT_APP = /\b(?:whats ?app|whatsapp|wa\.me|telegram|signal|sms|app me|appen|bel me|call me|text me)\b/i;
const PHONE = /(?:\+31|0031|\b0)\s?6[\s-]?(?:\d[\s-]?){8}\b|\+\d{2,3}[\s-]?\d(?:[\s-]?\d){7,11}\b|wa\.me\/\d+/i;

/** The reason code for a message, or null for an ordinary one. */
export function messageWarning(content: string): WarningCode | null {
  const text = content.normalize("NFKC");
  if (PAYMENT_LINK.test(text)) return "payment_link";
  for (const match of text.matchAll(URL)) {
    const host = (match[1] ?? "").toLowerCase();
    if (!OFFICIAL_HOSTS.test(host) && IMITATED.test(host)) return "phishing_link";
  }
  if (OFF_PLATFORM.some((pattern) => pattern.test(text))) return "off_platform_payment";
  if (PHONE.test(text) && (CONTACT_APP.test(text) || /wa\.me/i.test(text))) return "contact_off_platform";
  return null;
}

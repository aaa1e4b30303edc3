/**
 * The messages the browser gets (NextIntlClientProvider in app/[locale]/layout.tsx): all but the
 * namespaces that only server code reads (mails, notification texts, the legal pages,
 * the FAQ and the other content pages). They are a third of the texts, sent with every
 * page's HTML for nothing. tests/unit/messages.test.ts checks that no useTranslations()
 * call (the only way a component reads texts on the client) names one of them.
 */
export const SERVER_ONLY_NAMESPACES = [
  "apps",
  "categories",
  "confirmEmail",
  "contact",
  "faq",
  "footer",
  "goodbye",
  "help",
  "howItWorks",
  "legal",
  "loggedOut",
  "mail",
  "metadata",
  "notificationEvents",
  "offline",
  "reputation",
  "seller",
  "trader",
  "transparency",
] as const;

/**
 * Namespaces only the signed-in account and admin pages read (sell, dashboard, orders,
 * cart, messages' offers, support, admin): a third of the browser's texts, which the
 * public pages (cached, and the first a visitor sees) do not carry. The account and
 * admin layouts add them (components/i18n/more-messages.tsx); tests/unit/messages.test.ts
 * checks that only components of those pages read them.
 */
export const ACCOUNT_NAMESPACES = [
  "admin",
  "cart",
  "dashboard",
  "listing",
  "logout",
  "offers",
  "orders",
  "paymentResult",
  "payouts",
  "sales",
  "settings",
  "support",
  "tax",
] as const;

const SERVER_ONLY = new Set<string>(SERVER_ONLY_NAMESPACES);
const ACCOUNT = new Set<string>(ACCOUNT_NAMESPACES);

/** What every page's provider carries (app/[locale]/layout.tsx). */
export function clientMessages<T extends Record<string, unknown>>(messages: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(messages).filter(([namespace]) => !SERVER_ONLY.has(namespace) && !ACCOUNT.has(namespace)),
  ) as Partial<T>;
}

/** What the account and admin layouts add to it. */
export function accountMessages<T extends Record<string, unknown>>(messages: T): Partial<T> {
  return Object.fromEntries(Object.entries(messages).filter(([namespace]) => ACCOUNT.has(namespace))) as Partial<T>;
}

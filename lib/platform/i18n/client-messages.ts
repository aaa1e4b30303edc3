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
 * admin layouts add them (components/i18n/page-messages.tsx); tests/unit/messages.test.ts
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

/**
 * Namespaces that only some public pages read on the client (the home page's featured
 * sellers, the browse page, the product page, the password and unsubscribe forms, the
 * test checkout): each of those pages adds the ones it reads (components/i18n/page-messages.tsx)
 * and the account and admin layouts add them all, so that the rest, every other page
 * first of all, do not carry them: about 19 of the 34 KB of texts each page's HTML had.
 * tests/unit/messages.test.ts checks that only those pages' components read them.
 */
export const PAGE_NAMESPACES = [
  "browse",
  "checkout",
  "home",
  "maps",
  "messaging",
  "passwordReset",
  "productOffer",
  "reviews",
  "savedSearches",
  "testCheckout",
  "unsubscribe",
  "viewerDeal",
] as const;

export type PageNamespace = (typeof PAGE_NAMESPACES)[number];

const SERVER_ONLY = new Set<string>(SERVER_ONLY_NAMESPACES);
const ACCOUNT = new Set<string>(ACCOUNT_NAMESPACES);
const PAGE = new Set<string>(PAGE_NAMESPACES);

function pick<T extends Record<string, unknown>>(messages: T, keep: (namespace: string) => boolean): Partial<T> {
  return Object.fromEntries(Object.entries(messages).filter(([namespace]) => keep(namespace))) as Partial<T>;
}

/** What every page's provider carries (app/[locale]/layout.tsx). */
export function clientMessages<T extends Record<string, unknown>>(messages: T): Partial<T> {
  return pick(messages, (namespace) => !SERVER_ONLY.has(namespace) && !ACCOUNT.has(namespace) && !PAGE.has(namespace));
}

/** What a public page adds to it: the page namespaces its own client parts read. */
export function pageMessages<T extends Record<string, unknown>>(messages: T, namespaces: readonly PageNamespace[]): Partial<T> {
  const wanted = new Set<string>(namespaces);
  return pick(messages, (namespace) => wanted.has(namespace));
}

/** What the account and admin layouts add to it: their own texts and every page's. */
export function accountMessages<T extends Record<string, unknown>>(messages: T): Partial<T> {
  return pick(messages, (namespace) => ACCOUNT.has(namespace) || PAGE.has(namespace));
}

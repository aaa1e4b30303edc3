/**
 * The messages the browser gets (NextIntlClientProvider in app/layout.tsx): all but the
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
  "help",
  "howItWorks",
  "legal",
  "mail",
  "metadata",
  "notificationEvents",
  "offline",
  "reputation",
  "seller",
  "trader",
] as const;

const SERVER_ONLY = new Set<string>(SERVER_ONLY_NAMESPACES);

export function clientMessages<T extends Record<string, unknown>>(messages: T): Partial<T> {
  return Object.fromEntries(Object.entries(messages).filter(([namespace]) => !SERVER_ONLY.has(namespace))) as Partial<T>;
}

import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { TIME_ZONE, type Locale } from "@/lib/platform/i18n/config";
import { formats } from "@/lib/platform/i18n/formats";
import { accountMessages, clientMessages, pageMessages, type PageNamespace } from "@/lib/platform/i18n/client-messages";

type Messages = Awaited<ReturnType<typeof getMessages>>;

/**
 * A provider for the part of a page whose client components read more texts than every
 * page carries (app/[locale]/layout.tsx). A nested provider's messages replace its
 * parent's, so it gets the shared texts too; they cost the page nothing twice: they are
 * the same objects as the root layout's (next-intl reads the messages once per request),
 * and React's payload sends an object it has sent before as a reference to it. Joined on
 * the server, the pages need no script of their own for it.
 */
async function MoreMessages({ locale, more, children }: { locale?: Locale; more: (messages: Messages) => Partial<Messages>; children: React.ReactNode }) {
  const messages = await getMessages(locale ? { locale } : undefined);
  return (
    <NextIntlClientProvider locale={locale} timeZone={TIME_ZONE} formats={formats} messages={{ ...clientMessages(messages), ...more(messages) }}>
      {children}
    </NextIntlClientProvider>
  );
}

/**
 * Adds the texts that only the client parts it wraps read (PAGE_NAMESPACES in
 * lib/platform/i18n/client-messages.ts). A cached page hands in its `[locale]` segment's
 * language (pageLocale), so that reading the texts does not make it read the request; a
 * page rendered per request may leave it out.
 */
export function PageMessages({ locale, namespaces, children }: { locale?: Locale; namespaces: readonly PageNamespace[]; children: React.ReactNode }) {
  return (
    <MoreMessages locale={locale} more={(messages) => pageMessages(messages, namespaces)}>
      {children}
    </MoreMessages>
  );
}

/** The account and admin layouts' texts: their own and every page's (accountMessages). */
export function AccountMessages({ children }: { children: React.ReactNode }) {
  return <MoreMessages more={accountMessages}>{children}</MoreMessages>;
}

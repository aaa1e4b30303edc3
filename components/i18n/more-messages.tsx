"use client";

/**
 * Adds texts to the page's own (the account and admin layouts add ACCOUNT_NAMESPACES,
 * lib/platform/i18n/client-messages.ts): a nested NextIntlClientProvider replaces its parent's
 * messages (it inherits the rest: time zone, formats), so the two are joined here, in the
 * browser, rather than sent twice.
 */
import * as React from "react";
import { NextIntlClientProvider, useLocale, useMessages, type AbstractIntlMessages } from "next-intl";

export function MoreMessages({ messages, children }: { messages: AbstractIntlMessages; children: React.ReactNode }) {
  const locale = useLocale();
  const own = useMessages();
  const joined = React.useMemo(() => ({ ...own, ...messages }), [own, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={joined}>
      {children}
    </NextIntlClientProvider>
  );
}

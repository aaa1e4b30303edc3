"use client";

/**
 * Adds texts to the page's own (the account and admin layouts add ACCOUNT_NAMESPACES,
 * lib/platform/i18n/client-messages.ts): a provider replaces its parent's messages, so the two
 * are joined here, in the browser, rather than sent twice.
 */
import * as React from "react";
import { IntlProvider } from "@/components/i18n/intl-provider";
import { useLocale, useMessages, type Messages } from "@/lib/platform/i18n/client";

export function MoreMessages({ messages, children }: { messages: Messages; children: React.ReactNode }) {
  const locale = useLocale();
  const own = useMessages();
  const joined = React.useMemo(() => ({ ...own, ...messages }), [own, messages]);
  return (
    <IntlProvider locale={locale} messages={joined}>
      {children}
    </IntlProvider>
  );
}

"use client";

import * as React from "react";
import { IntlContext, type Messages } from "@/lib/platform/i18n/client";
import type { Locale } from "@/lib/platform/i18n/config";

/**
 * The page's language and texts for client components (lib/platform/i18n/client.ts), given by
 * app/[locale]/layout.tsx: the precompiled messages the browser needs
 * (lib/platform/i18n/client-messages.ts). It replaces next-intl's NextIntlClientProvider, whose
 * client code was about 3 KB gzipped on every page.
 */
export function IntlProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: Messages;
  children: React.ReactNode;
}) {
  const value = React.useMemo(() => ({ locale, messages }), [locale, messages]);
  return <IntlContext value={value}>{children}</IntlContext>;
}

/**
 * next-intl's useFormatter() for client components (lib/platform/i18n/client.ts), with the methods
 * they call: dates in Europe/Amsterdam (lib/platform/i18n/config.ts, as lib/platform/i18n/request.ts gives
 * next-intl on the server) in the page's language. Apart from lib/platform/i18n/client.ts, so that
 * only the pages that format dates in the browser (support, admin) carry it. A date it
 * cannot format: an error in the console and the value as text, as use-intl does.
 */
import "client-only";
import * as React from "react";
import { getDateTimeFormat, report, useIntl } from "./client";
import { TIME_ZONE, type Locale } from "./config";

export type Formatter = {
  dateTime(value: Date | number, options?: Intl.DateTimeFormatOptions): string;
};

export function createFormatter(locale: Locale): Formatter {
  return {
    dateTime(value, options) {
      try {
        return getDateTimeFormat(locale, { ...options, timeZone: options?.timeZone || TIME_ZONE }).format(value);
      } catch (error) {
        report("FORMATTING_ERROR", (error as Error).message);
        return String(value);
      }
    },
  };
}

export function useFormatter(): Formatter {
  const { locale } = useIntl();
  return React.useMemo(() => createFormatter(locale), [locale]);
}

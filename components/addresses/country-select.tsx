"use client";

/**
 * A country from a list (ISO 3166-1 alpha-2, the codes the DAC7 report accepts), named in
 * the page's language by the browser's Intl.DisplayNames; the Netherlands and its
 * neighbours first, the rest by name. The value is the two-letter code. The server's and
 * the browser's ICU may name a country differently, so the server (and the hydrating
 * render) names only the chosen country's code and the list is built in the browser.
 */
import * as React from "react";
import { useLocale, useTranslations } from "next-intl";
import { NativeSelect } from "@/components/ui/native-select";
import { COUNTRY_CODES } from "@/lib/domains/tax/client";

const FIRST = ["NL", "BE", "DE", "FR", "GB"] as const;

/** [code, name] pairs: FIRST, then the others sorted by name in `locale`. */
export function countryOptions(locale: string, codes: Iterable<string> = COUNTRY_CODES): { first: [string, string][]; others: [string, string][] } {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: "region" });
  } catch {
    names = null;
  }
  const named = (code: string): [string, string] => [code, names?.of(code) ?? code];
  const all = [...codes];
  const first = FIRST.filter((code) => all.includes(code)).map(named);
  const others = all
    .filter((code) => !(FIRST as readonly string[]).includes(code))
    .map(named)
    .sort((a, b) => a[1].localeCompare(b[1], locale));
  return { first, others };
}

type Props = Omit<React.ComponentProps<"select">, "value" | "onChange"> & {
  value: string;
  onValueChange: (code: string) => void;
};

const noSubscription = () => () => {};

export function CountrySelect({ value, onValueChange, ...props }: Props) {
  const locale = useLocale();
  const t = useTranslations("addressForm");
  const inBrowser = React.useSyncExternalStore(noSubscription, () => true, () => false);
  const { first, others } = React.useMemo(
    () => (inBrowser ? countryOptions(locale) : { first: value ? [[value, value] as [string, string]] : [], others: [] }),
    [inBrowser, locale, value],
  );
  return (
    <NativeSelect value={value} onChange={(event) => onValueChange(event.target.value)} {...props}>
      {value ? null : <option value="">{t("chooseCountry")}</option>}
      {first.map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
      <option disabled value="-">
        ──────────
      </option>
      {others.map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </NativeSelect>
  );
}

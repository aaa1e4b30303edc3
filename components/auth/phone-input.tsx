"use client";

import * as React from "react";
import { useLocale, useTranslations } from "next-intl";
import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from "libphonenumber-js";
import { CheckIcon, ChevronsUpDownIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSeparator,
} from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/platform/utils";

/** Default Netherlands; preferred nl, be, de, fr, gb listed first. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = "NL";
export const PREFERRED_PHONE_COUNTRIES: readonly CountryCode[] = ["NL", "BE", "DE", "FR", "GB"];

/** What the user typed: the country of the picker and the number as entered. */
export type PhoneValue = { country: CountryCode; national: string };

export const EMPTY_PHONE: PhoneValue = { country: DEFAULT_PHONE_COUNTRY, national: "" };

/**
 * The number as E.164 ("+31612345678"), or null when the field is blank. An
 * implausible entry still becomes a "+<calling code><digits>" string, so the shared
 * zod schema reports it as invalid instead of it silently disappearing.
 */
export function phoneToE164(value: PhoneValue): string | null {
  const text = value.national.trim();
  if (!text) return null;
  const parsed = parsePhoneNumberFromString(text, value.country);
  if (parsed) return parsed.number;
  const digits = text.replace(/\D/g, "");
  return digits ? `+${getCountryCallingCode(value.country)}${digits}` : text;
}

/** The picker state for a stored E.164 number (e.g. on the profile form). */
export function phoneFromE164(e164: string | null | undefined): PhoneValue {
  if (!e164) return EMPTY_PHONE;
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.country) return { country: DEFAULT_PHONE_COUNTRY, national: e164 };
  return { country: parsed.country, national: parsed.formatNational() };
}

/**
 * The two-letter code as a small badge. Flag emoji are not used: Windows and many Linux
 * systems have no flag glyphs and would show letters or empty boxes.
 */
function CountryCodeBadge({ code }: { code: CountryCode }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-5 w-7 shrink-0 items-center justify-center rounded-sm bg-muted text-[10px] font-semibold tracking-wide text-muted-foreground"
    >
      {code}
    </span>
  );
}

type CountryOption = { code: CountryCode; name: string; callingCode: string };

function useCountryOptions(locale: string) {
  return React.useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: "region" });
    } catch {
      names = null;
    }
    const option = (code: CountryCode): CountryOption => ({
      code,
      name: names?.of(code) ?? code,
      callingCode: getCountryCallingCode(code),
    });
    const preferred = PREFERRED_PHONE_COUNTRIES.map(option);
    const others = getCountries()
      .filter((code) => !PREFERRED_PHONE_COUNTRIES.includes(code))
      .map(option)
      .sort((a, b) => a.name.localeCompare(b.name, locale));
    return { preferred, others, byCode: new Map([...preferred, ...others].map((o) => [o.code, o])) };
  }, [locale]);
}

export type PhoneInputProps = {
  id: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** id(s) of the hint or error text that describes the number field. */
  describedBy?: string;
  "data-testid"?: string;
  className?: string;
};

/** A country picker (searchable) joined to a telephone number field. */
export function PhoneInput({
  id,
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
  "data-testid": testId,
  className,
}: PhoneInputProps) {
  const t = useTranslations("phone");
  const locale = useLocale();
  const { preferred, others, byCode } = useCountryOptions(locale);
  const [open, setOpen] = React.useState(false);
  const numberRef = React.useRef<HTMLInputElement>(null);
  const selected = byCode.get(value.country) ?? byCode.get(DEFAULT_PHONE_COUNTRY)!;

  const pickedRef = React.useRef(false);

  function selectCountry(code: CountryCode) {
    onChange({ ...value, country: code });
    pickedRef.current = true;
    setOpen(false);
  }

  /** After a pick, continue in the number field; after Escape, back to the trigger (Radix default). */
  function closeAutoFocus(event: Event) {
    if (!pickedRef.current) return;
    pickedRef.current = false;
    event.preventDefault();
    // Unless the user has already moved on to another field while the picker faded out.
    const active = document.activeElement;
    if (!active || active === document.body || active.closest("[data-slot=popover-content]")) {
      numberRef.current?.focus();
    }
  }

  function changeNumber(text: string) {
    // Someone typing an international number ("+32 ...") picks the country themself.
    const parsed = text.trim().startsWith("+") ? parsePhoneNumberFromString(text) : undefined;
    onChange({ country: parsed?.country ?? value.country, national: text });
  }

  const renderItem = (option: CountryOption) => (
    <CommandItem
      key={option.code}
      value={option.code}
      keywords={[option.name, `+${option.callingCode}`, option.callingCode]}
      onSelect={() => selectCountry(option.code)}
      data-country={option.code}
    >
      <CountryCodeBadge code={option.code} />
      <span className="flex-1 truncate">{option.name}</span>
      <span className="text-muted-foreground tabular-nums">+{option.callingCode}</span>
      <CheckIcon
        aria-hidden="true"
        className={cn("size-4", option.code === value.country ? "opacity-100" : "opacity-0")}
      />
    </CommandItem>
  );

  return (
    <div className={cn("flex w-full", className)}>
      {/* modal: lets the list scroll inside the (modal) auth dialog. */}
      <Popover open={open} onOpenChange={setOpen} modal>
        <PopoverTrigger asChild>
          <Button
            type="button"
            variant="outline"
            disabled={disabled}
            aria-label={t("countryButton", { country: selected.name, code: `+${selected.callingCode}` })}
            data-testid={testId ? `${testId}-country` : undefined}
            className="h-10 gap-1 rounded-r-none border-r-0 px-2.5 font-normal"
          >
            <CountryCodeBadge code={selected.code} />
            <span className="text-sm tabular-nums">+{selected.callingCode}</span>
            <ChevronsUpDownIcon aria-hidden="true" className="size-3.5 opacity-60" />
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-72 p-0" align="start" onCloseAutoFocus={closeAutoFocus}>
          <Command>
            <CommandInput placeholder={t("search")} aria-label={t("search")} />
            <CommandList>
              <CommandEmpty>{t("noResults")}</CommandEmpty>
              <CommandGroup heading={t("preferred")}>{preferred.map(renderItem)}</CommandGroup>
              <CommandSeparator />
              <CommandGroup heading={t("allCountries")}>{others.map(renderItem)}</CommandGroup>
            </CommandList>
          </Command>
        </PopoverContent>
      </Popover>
      <input
        ref={numberRef}
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={value.national}
        onChange={(event) => changeNumber(event.target.value)}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        data-testid={testId}
        placeholder={t("placeholder")}
        className={cn(
          "flex h-10 w-full min-w-0 rounded-md rounded-l-none border border-input bg-card px-3 py-2 text-base shadow-xs transition-[color,box-shadow] outline-none placeholder:text-muted-foreground/80 disabled:cursor-not-allowed disabled:opacity-50 md:text-sm",
          "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 focus-visible:outline-none",
          "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
        )}
      />
    </div>
  );
}

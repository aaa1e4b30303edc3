"use client";

/**
 * A Dutch address the way Dutch forms ask it: postcode and house number (and an
 * addition) first; street and town are then filled in from the address register
 * (GET /api/geocode/address, PDOK). They stay editable, and where the lookup finds
 * nothing or cannot answer (offline) the person types them. Used by every form that
 * takes a Dutch address (docs/catalog.md, "Addresses").
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { apiResult } from "@/components/lib/api-client";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { normalizePostcode, type PostalAddressAnswer } from "@/lib/domains/geo/client";
import { cn } from "@/lib/platform/utils";

export type DutchAddress = { postcode: string; house_number: string; addition: string; street: string; city: string };
export type DutchAddressField = keyof DutchAddress;

type Status = "idle" | "looking" | "found" | "not_found" | "unavailable";

type Props = {
  /** Prefix of the inputs' ids and test ids ("sender" → sender-postcode). */
  idPrefix: string;
  value: DutchAddress;
  onChange: (next: Partial<DutchAddress>) => void;
  errors?: Partial<Record<DutchAddressField, string>>;
  disabled?: boolean;
  /** autocomplete section, e.g. "shipping". */
  section?: string;
  /** Test ids: `${testIdPrefix}-${field}` and `${errorTestIdPrefix}-${field}`, with `names` renaming fields. */
  testIdPrefix?: string;
  errorTestIdPrefix?: string;
  names?: Partial<Record<DutchAddressField, string>>;
};

const LOOKUP_DELAY_MS = 350;

/** Looks the address up whenever postcode, number or addition make a new complete question. */
function useLookup(value: DutchAddress, onChange: Props["onChange"]) {
  // The answer to the last question asked; a newer question shows "idle" until it is asked.
  const [answer, setAnswer] = React.useState<{ question: string; status: Status } | null>(null);
  const asked = React.useRef<string | null>(null);
  const change = React.useRef(onChange);
  React.useEffect(() => {
    change.current = onChange;
  });
  const postcode = normalizePostcode(value.postcode);
  const number = value.house_number.trim();
  const addition = value.addition.trim();
  const question = postcode && /^[1-9]\d{0,4}$/.test(number) ? `${postcode}|${number}|${addition}` : null;

  React.useEffect(() => {
    // The same question (e.g. a prefilled address) is not asked twice.
    if (!question || !postcode || asked.current === question) return;
    let current = true;
    const timer = window.setTimeout(async () => {
      asked.current = question;
      setAnswer({ question, status: "looking" });
      const params = new URLSearchParams({ postcode, house_number: number, ...(addition ? { addition } : {}) });
      const result = await apiResult<PostalAddressAnswer>(`/api/geocode/address?${params}`);
      if (!current) {
        // Not answered after all: a later return to this question asks again.
        if (asked.current === question) asked.current = null;
        return;
      }
      if (!result.ok || !result.data.found) {
        setAnswer({ question, status: result.ok && !result.data.found ? result.data.reason : "unavailable" });
        return;
      }
      setAnswer({ question, status: "found" });
      change.current({ street: result.data.address.street, city: result.data.address.city, postcode: result.data.address.postcode });
    }, LOOKUP_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [question, postcode, number, addition]);
  return question && answer?.question === question ? answer.status : "idle";
}

export function DutchAddressFields({ idPrefix, value, onChange, errors = {}, disabled, section, testIdPrefix = idPrefix, errorTestIdPrefix, names = {} }: Props) {
  const t = useTranslations("addressForm");
  const status = useLookup(value, onChange);
  const auto = (token: string) => (section ? `${section} ${token}` : token);

  const field = (name: DutchAddressField, label: string, className: string, extra: React.ComponentProps<"input"> = {}) => {
    const id = `${idPrefix}-${name}`;
    const testName = names[name] ?? name;
    const error = errors[name];
    return (
      <div className={cn("space-y-1.5", className)}>
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          value={value[name]}
          onChange={(event) => onChange({ [name]: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          disabled={disabled}
          data-testid={`${testIdPrefix}-${testName}`}
          {...extra}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive" data-testid={errorTestIdPrefix ? `${errorTestIdPrefix}-${testName}` : `${testIdPrefix}-${testName}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div className="grid grid-cols-6 gap-3" data-testid={`${testIdPrefix}-dutch-address`}>
      {field("postcode", t("postcode"), "col-span-6 sm:col-span-2", { autoComplete: auto("postal-code"), placeholder: "1234 AB", maxLength: 8, autoCapitalize: "characters" })}
      {field("house_number", t("houseNumber"), "col-span-3 sm:col-span-2", { inputMode: "numeric", autoComplete: "off", maxLength: 5 })}
      {field("addition", t("addition"), "col-span-3 sm:col-span-2", { autoComplete: "off", maxLength: 6 })}
      <p className="col-span-6 min-h-5 text-sm text-muted-foreground" aria-live="polite" data-testid={`${testIdPrefix}-lookup-status`} data-status={status}>
        {status === "idle" ? t("hint") : t(`status.${status}`)}
      </p>
      {field("street", t("street"), "col-span-6 sm:col-span-4", { autoComplete: auto("address-line1") })}
      {field("city", t("city"), "col-span-6 sm:col-span-2", { autoComplete: auto("address-level2") })}
    </div>
  );
}

/** "12 A", "12-a" or "12a" → number "12" and addition "A"; anything else stays the number. */
export function splitHouseNumber(houseNumber: string): { house_number: string; addition: string } {
  const match = /^\s*(\d{1,5})\s*[-\s]?\s*([A-Za-z0-9]{1,6})?\s*$/.exec(houseNumber);
  if (!match) return { house_number: houseNumber, addition: "" };
  return { house_number: match[1]!, addition: match[2] ?? "" };
}

/** The number and addition in one field, the way an address line writes them ("12 A"). */
export function joinHouseNumber(houseNumber: string, addition: string): string {
  const extra = addition.trim();
  return extra ? `${houseNumber.trim()} ${extra}` : houseNumber.trim();
}

"use client";

/**
 * The checkout's home address fields: the name, then for the Netherlands postcode and
 * house number first with street and town looked up (components/addresses), for Belgium
 * street, number, addition, postcode and town.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/platform/utils";
import { DutchAddressFields, type DutchAddress } from "@/components/addresses/dutch-address-fields";

export type AddressValues = { name: string; street: string; house_number: string; house_number_suffix: string; postcode: string; city: string };
export type AddressField = keyof AddressValues;

export const EMPTY_ADDRESS: AddressValues = { name: "", street: "", house_number: "", house_number_suffix: "", postcode: "", city: "" };

type Props = {
  ids: string;
  values: AddressValues;
  onChange: (field: AddressField, value: string) => void;
  errors: Partial<Record<string, string>>;
  disabled?: boolean;
  /** Where the parcel goes; the Netherlands asks postcode and number first. */
  country?: string;
};

const AUTOCOMPLETE: Record<AddressField, string> = {
  name: "shipping name",
  street: "shipping address-line1",
  house_number: "off",
  house_number_suffix: "off",
  postcode: "shipping postal-code",
  city: "shipping address-level2",
};

export function AddressFields({ ids, values, onChange, errors, disabled, country = "NL" }: Props) {
  const t = useTranslations("shipping.checkout");
  const field = (name: AddressField, label: string, className?: string, extra?: React.ComponentProps<"input">) => {
    const id = `${ids}-${name}`;
    const error = errors[name];
    return (
      <div className={cn("space-y-1.5", className)}>
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          value={values[name]}
          onChange={(event) => onChange(name, event.target.value)}
          autoComplete={AUTOCOMPLETE[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          disabled={disabled}
          data-testid={`shipping-address-${name}`}
          {...extra}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive" data-testid={`shipping-error-${name}`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  if (country === "NL") {
    const dutch: DutchAddress = { postcode: values.postcode, house_number: values.house_number, addition: values.house_number_suffix, street: values.street, city: values.city };
    const change = (next: Partial<DutchAddress>) => {
      for (const [key, value] of Object.entries(next)) onChange(key === "addition" ? "house_number_suffix" : (key as AddressField), value);
    };
    return (
      <div className="grid grid-cols-6 gap-3" data-testid="shipping-address-form">
        {field("name", t("name"), "col-span-6", { required: true })}
        <div className="col-span-6">
          <DutchAddressFields
            idPrefix={ids}
            value={dutch}
            onChange={change}
            errors={{ ...errors, addition: errors.house_number_suffix }}
            disabled={disabled}
            section="shipping"
            testIdPrefix="shipping-address"
            errorTestIdPrefix="shipping-error"
            names={{ addition: "house_number_suffix" }}
          />
        </div>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-6 gap-3" data-testid="shipping-address-form">
      {field("name", t("name"), "col-span-6", { required: true })}
      {field("street", t("street"), "col-span-6", { required: true })}
      {field("house_number", t("houseNumber"), "col-span-3", { required: true, inputMode: "numeric" })}
      {field("house_number_suffix", t("suffix"), "col-span-3")}
      {field("postcode", t("postcode"), "col-span-3", { required: true })}
      {field("city", t("city"), "col-span-3", { required: true })}
    </div>
  );
}

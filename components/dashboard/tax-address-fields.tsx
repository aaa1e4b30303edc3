"use client";

/**
 * The tax profile's address (a person's home address, a company's registered address):
 * the country from a list first; a Dutch address by postcode and house number with street
 * and town looked up (components/addresses), any other as street, number, postcode, town.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { CountrySelect } from "@/components/addresses/country-select";
import { DutchAddressFields, joinHouseNumber, splitHouseNumber, type DutchAddress } from "@/components/addresses/dutch-address-fields";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { TaxAddress } from "@/lib/domains/tax/client";

type Props = {
  legend: string;
  address: TaxAddress;
  setAddress: (update: (current: TaxAddress) => TaxAddress) => void;
  errors: Record<string, string>;
  clear: (field: string) => void;
};

const KEYS = ["street", "house_number", "postcode", "city"] as const;

export function TaxAddressFields({ legend, address, setAddress, errors, clear }: Props) {
  const t = useTranslations("tax.form");
  const error = (key: string) => errors[`address.${key}`];
  const errorText = (key: string) =>
    error(key) ? (
      <p id={`tax-address-${key}-error`} className="text-sm font-medium text-destructive" data-testid={`tax-error-address-${key}`}>
        {error(key)}
      </p>
    ) : null;

  const dutch: DutchAddress = { ...splitHouseNumber(address.house_number), postcode: address.postcode, street: address.street, city: address.city };
  const changeDutch = (next: Partial<DutchAddress>) => {
    setAddress((current) => {
      const parts = { ...splitHouseNumber(current.house_number), ...next };
      return {
        ...current,
        ...(next.postcode !== undefined ? { postcode: next.postcode } : {}),
        ...(next.street !== undefined ? { street: next.street } : {}),
        ...(next.city !== undefined ? { city: next.city } : {}),
        house_number: next.house_number !== undefined || next.addition !== undefined ? joinHouseNumber(parts.house_number, parts.addition) : current.house_number,
      };
    });
    for (const key of Object.keys(next)) clear(`address.${key === "addition" ? "house_number" : key}`);
  };

  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="space-y-2">
        <Label htmlFor="tax-address-country">{t("country")}</Label>
        <CountrySelect
          id="tax-address-country"
          data-testid="tax-address-country"
          value={address.country}
          onValueChange={(country) => {
            setAddress((current) => ({ ...current, country }));
            clear("address.country");
          }}
          autoComplete="country"
          aria-invalid={error("country") ? true : undefined}
          aria-describedby={error("country") ? "tax-address-country-error" : undefined}
        />
        {errorText("country")}
      </div>
      {address.country === "NL" ? (
        <DutchAddressFields
          idPrefix="tax-address"
          value={dutch}
          onChange={changeDutch}
          errors={{ postcode: error("postcode"), house_number: error("house_number"), street: error("street"), city: error("city") }}
          errorTestIdPrefix="tax-error-address"
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          {KEYS.map((key) => (
            <div key={key} className="space-y-2">
              <Label htmlFor={`tax-address-${key}`}>{t(key === "house_number" ? "houseNumber" : key)}</Label>
              <Input
                id={`tax-address-${key}`}
                data-testid={`tax-address-${key}`}
                value={address[key]}
                onChange={(event) => {
                  const value = event.target.value;
                  setAddress((current) => ({ ...current, [key]: value }));
                  clear(`address.${key}`);
                }}
                aria-invalid={error(key) ? true : undefined}
                aria-describedby={error(key) ? `tax-address-${key}-error` : undefined}
              />
              {errorText(key)}
            </div>
          ))}
        </div>
      )}
    </fieldset>
  );
}

"use client";

/** The register form's business seller part: the checkbox and, when ticked, the company's details. */
import { useTranslations } from "next-intl";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { TraderDetailFields } from "@/components/accounts/trader-detail-fields";
import { Field } from "./auth-fields";

export type BusinessField = "business_name" | "vat_number" | "kvk_number" | "business_address";
export type BusinessValues = Record<BusinessField, string> & { trader_self_certified: boolean };
export const EMPTY_BUSINESS: BusinessValues = { business_name: "", vat_number: "", kvk_number: "", business_address: "", trader_self_certified: false };

type Props = {
  business: boolean;
  onBusinessChange: (business: boolean) => void;
  values: BusinessValues;
  onChange: (field: BusinessField, value: string) => void;
  onCertifiedChange: (certified: boolean) => void;
  errors: Partial<Record<string, string>>;
  disabled: boolean;
};

export function RegisterBusinessFields({ business, onBusinessChange, values, onChange, onCertifiedChange, errors, disabled }: Props) {
  const t = useTranslations("auth");
  return (
    <>
      <div className="flex items-start gap-3 rounded-lg border bg-muted/50 p-3">
        <Checkbox
          id="register-business"
          data-testid="register-business"
          checked={business}
          onCheckedChange={(checked) => onBusinessChange(checked === true)}
          disabled={disabled}
          aria-describedby="register-business-hint"
          className="mt-0.5"
        />
        <div className="grid gap-1">
          <Label htmlFor="register-business">{t("fields.business")}</Label>
          <p id="register-business-hint" className="text-xs text-muted-foreground">
            {t("fields.businessHint")}
          </p>
        </div>
      </div>

      {business ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="register-company" label={t("fields.company")} error={errors.business_name}>
            {(props) => (
              <Input
                {...props}
                autoComplete="organization"
                value={values.business_name}
                onChange={(e) => onChange("business_name", e.target.value)}
                disabled={disabled}
                maxLength={200}
              />
            )}
          </Field>
          <Field id="register-vat" label={t("fields.vat")} error={errors.vat_number}>
            {(props) => (
              <Input
                {...props}
                autoCapitalize="characters"
                spellCheck={false}
                value={values.vat_number}
                onChange={(e) => onChange("vat_number", e.target.value)}
                disabled={disabled}
                placeholder="NL123456789B01"
              />
            )}
          </Field>
          {/* Trader details a business seller shows buyers (consumer law, DSA art. 30): asked
              here so that the first listing can go live. */}
          <TraderDetailFields
            idPrefix="register"
            values={values}
            onChange={(field, value) => (field === "trader_self_certified" ? onCertifiedChange(value === true) : onChange(field, String(value)))}
            errors={errors}
            disabled={disabled}
          />
        </div>
      ) : null}
    </>
  );
}

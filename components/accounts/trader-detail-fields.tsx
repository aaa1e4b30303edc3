"use client";

/**
 * The trader details a business seller gives (consumer law, DSA art. 30): KvK number,
 * business address and the self-certification. One set of fields for the three forms
 * that ask them: registration, the sell page's gate for an account missing some, and
 * the profile. Each form keeps its own state, checks and error texts; the fields go in
 * the form's own grid (the certification spans two columns where there are two).
 */
import { useTranslations } from "next-intl";
import { Field } from "@/components/auth/auth-fields";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { BUSINESS_ADDRESS_MAX } from "@/lib/domains/accounts/client";

export type TraderDetailField = "kvk_number" | "business_address" | "trader_self_certified";
export type TraderDetailValues = { kvk_number: string; business_address: string; trader_self_certified: boolean };

type Props = {
  /** Prefix of the controls' ids and test ids: `${idPrefix}-kvk`, `-business-address`, `-trader-certified`; errors add `-error`. */
  idPrefix: string;
  values: TraderDetailValues;
  /** A text for the KvK number and the address, true or false for the certification. */
  onChange: (field: TraderDetailField, value: string | boolean) => void;
  errors: Partial<Record<TraderDetailField, string>>;
  /** Only these fields (the gate asks what is missing); all three by default. */
  fields?: readonly TraderDetailField[];
  disabled?: boolean;
};

const ALL: readonly TraderDetailField[] = ["kvk_number", "business_address", "trader_self_certified"];

export function TraderDetailFields({ idPrefix, values, onChange, errors, fields = ALL, disabled }: Props) {
  const t = useTranslations("auth.traderFields");
  return (
    <>
      {fields.includes("kvk_number") ? (
        <Field id={`${idPrefix}-kvk`} label={t("kvk")} error={errors.kvk_number}>
          {(props) => (
            <Input
              {...props}
              inputMode="numeric"
              spellCheck={false}
              value={values.kvk_number}
              onChange={(e) => onChange("kvk_number", e.target.value)}
              disabled={disabled}
              placeholder="12345678"
            />
          )}
        </Field>
      ) : null}
      {fields.includes("business_address") ? (
        <Field id={`${idPrefix}-business-address`} label={t("businessAddress")} hint={t("businessAddressHint")} error={errors.business_address}>
          {(props) => (
            <Input
              {...props}
              autoComplete="street-address"
              value={values.business_address}
              onChange={(e) => onChange("business_address", e.target.value)}
              disabled={disabled}
              maxLength={BUSINESS_ADDRESS_MAX}
            />
          )}
        </Field>
      ) : null}
      {fields.includes("trader_self_certified") ? (
        <TraderCertification
          id={`${idPrefix}-trader-certified`}
          checked={values.trader_self_certified}
          onChange={(checked) => onChange("trader_self_certified", checked)}
          error={errors.trader_self_certified}
          disabled={disabled}
        />
      ) : null}
    </>
  );
}

/** The self-certification of DSA art. 30, required of a business seller. */
function TraderCertification({ id, checked, onChange, error, disabled }: { id: string; checked: boolean; onChange: (checked: boolean) => void; error?: string; disabled?: boolean }) {
  const t = useTranslations("auth.traderFields");
  return (
    <div className="grid gap-1 sm:col-span-2">
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          data-testid={id}
          checked={checked}
          onCheckedChange={(value) => onChange(value === true)}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5"
        />
        <Label htmlFor={id} className="text-sm leading-snug font-normal">
          {t("certification")}
        </Label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

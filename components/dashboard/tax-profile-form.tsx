"use client";

/**
 * The DAC7 tax profile form of the dashboard's tax tab (PUT /api/users/me/tax-profile).
 * The BSN/TIN and IBAN come back masked: their inputs start empty with the masked value
 * as a hint, and an empty input is left out of the request, so the server keeps the
 * stored number (never the mask sent back as if it were new). The server validates
 * (11-test, IBAN checksum, KvK, VAT); its field errors are shown at the fields.
 * A company (business seller) reports as an entity: its registered name, KvK and VAT
 * numbers start from the account (`prefill`), it gives an RSIN or foreign TIN and its
 * registered address; no BSN, no date of birth. Countries come from a list.
 */
import * as React from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { apiResult } from "@/components/lib/api-client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import type { TaxAddress, TaxPrefillJson, TaxProfileJson } from "@/lib/domains/tax/client";
import { useErrorText } from "@/components/lib/use-error-text";
import { CountrySelect } from "@/components/addresses/country-select";
import { TaxAddressFields } from "./tax-address-fields";

type Props = { profile: TaxProfileJson | null; isBusiness: boolean; prefill: TaxPrefillJson };
type Errors = Record<string, string>;

const ADDRESS_KEYS = ["street", "house_number", "postcode", "city", "country"] as const;
const EMPTY_ADDRESS: TaxAddress = { street: "", house_number: "", postcode: "", city: "", country: "NL" };
/** Fields with a message of their own in messages/*.json (tax.errors). */
const KNOWN_ERRORS = new Set(["legal_name", "date_of_birth", "bsn", "tin", "tin_country", "iban", "kvk_number", "vat_number", ...ADDRESS_KEYS.map((k) => `address.${k}`)]);

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: React.ReactElement<Record<string, unknown>> }) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {React.cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": described })}
      {hint ? <p id={`${id}-hint`} className="text-xs text-muted-foreground">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="text-sm font-medium text-destructive" data-testid={`tax-error-${id.replace(/^tax-/, "")}`}>{error}</p> : null}
    </div>
  );
}

/** The form's fields, their errors, and saving them (PUT /api/users/me/tax-profile). */
function useTaxProfileForm({ profile, isBusiness, prefill }: Props) {
  const t = useTranslations("tax.form");
  const errorText = useErrorText();
  const te = useTranslations("tax.errors");
  const router = useRouter();
  const [legalName, setLegalName] = React.useState(profile?.legal_name ?? prefill.legal_name ?? "");
  const [birth, setBirth] = React.useState(profile?.date_of_birth ?? "");
  const [address, setAddress] = React.useState<TaxAddress>(profile?.address ?? EMPTY_ADDRESS);
  // A company gives its RSIN or a foreign TIN, never a BSN, and no date of birth.
  const [kind, setKind] = React.useState<"bsn" | "tin">(isBusiness ? "tin" : (profile?.tin_kind ?? "bsn"));
  const [bsn, setBsn] = React.useState("");
  const [tin, setTin] = React.useState("");
  const [tinCountry, setTinCountry] = React.useState(profile?.tin_kind === "tin" ? profile.tin_country : isBusiness ? "NL" : "");
  const [iban, setIban] = React.useState("");
  const [kvk, setKvk] = React.useState(profile?.kvk_number ?? prefill.kvk_number ?? "");
  const [vat, setVat] = React.useState(profile?.vat_number ?? prefill.vat_number ?? "");
  const [errors, setErrors] = React.useState<Errors>({});
  const [saving, setSaving] = React.useState(false);
  const formRef = React.useRef<HTMLFormElement>(null);
  const focusError = React.useRef(false);

  // After a refused save, the first field with an error gets the focus.
  React.useEffect(() => {
    if (!focusError.current) return;
    focusError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const clear = (field: string) => setErrors((e) => (e[field] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)) : e));

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const body: Record<string, unknown> = {
      legal_name: legalName,
      ...(isBusiness ? {} : { date_of_birth: birth }),
      address,
      // Empty: keep the stored (masked) number.
      ...(kind === "bsn" && bsn.trim() ? { bsn: bsn.trim() } : {}),
      ...(kind === "tin" && tin.trim() ? { tin: tin.trim(), tin_country: tinCountry.trim() } : {}),
      ...(iban.trim() ? { iban: iban.trim() } : {}),
      ...(isBusiness && kvk.trim() ? { kvk_number: kvk.trim() } : {}),
      ...(isBusiness && vat.trim() ? { vat_number: vat.trim() } : {}),
    };
    setSaving(true);
    try {
      const saved = await apiResult<{ complete: boolean }>("/api/users/me/tax-profile", { method: "PUT", json: body });
      if (!saved.ok) {
        if (saved.status === 0) throw saved.error;
        const next: Errors = {};
        for (const e of saved.error.errors ?? []) {
          // A missing BSN while the foreign TIN is chosen belongs to the TIN field.
          const field = e.field === "bsn" && kind === "tin" ? "tin" : e.field;
          next[field] ??= KNOWN_ERRORS.has(field) ? te(field.replace(".", "_")) : e.message;
        }
        setErrors(next);
        toast.error(t("failed"), { description: Object.values(next)[0] ?? (errorText(saved.error, "") || undefined) });
        focusError.current = true;
        return;
      }
      setErrors({});
      setBsn("");
      setTin("");
      setIban("");
      toast.success(saved.data.complete ? t("savedComplete") : t("saved"));
      router.refresh();
    } catch {
      toast.error(t("failed"), { description: t("network") });
    } finally {
      setSaving(false);
    }
  }

  return { legalName, setLegalName, birth, setBirth, address, setAddress, kind, setKind, bsn, setBsn, tin, setTin, tinCountry, setTinCountry, iban, setIban, kvk, setKvk, vat, setVat, errors, saving, formRef, clear, submit };
}

export function TaxProfileForm({ profile, isBusiness, prefill }: Props) {
  const t = useTranslations("tax.form");
  const { legalName, setLegalName, birth, setBirth, address, setAddress, kind, setKind, bsn, setBsn, tin, setTin, tinCountry, setTinCountry, iban, setIban, kvk, setKvk, vat, setVat, errors, saving, formRef, clear, submit } = useTaxProfileForm({ profile, isBusiness, prefill });

  const text = (value: string, set: (v: string) => void, field: string, extra: Record<string, unknown> = {}) => (
    <Input value={value} onChange={(e) => { set(e.target.value); clear(field); }} data-testid={`tax-${field.replace(".", "-")}`} {...extra} />
  );
  const keepHint = (masked: string | null | undefined) => (masked ? t("keepHint", { masked }) : undefined);

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-6" data-testid="tax-profile-form">
      <div className="grid gap-4 md:grid-cols-2">
        {isBusiness ? (
          <Field id="tax-legal_name" label={t("companyLegalName")} error={errors.legal_name} hint={t("companyLegalNameHint")}>
            {text(legalName, setLegalName, "legal_name", { autoComplete: "organization", required: true })}
          </Field>
        ) : (
          <Field id="tax-legal_name" label={t("legalName")} error={errors.legal_name}>
            {text(legalName, setLegalName, "legal_name", { autoComplete: "name", required: true })}
          </Field>
        )}
        {isBusiness ? null : (
          <Field id="tax-date_of_birth" label={t("dateOfBirth")} error={errors.date_of_birth}>
            {text(birth, setBirth, "date_of_birth", { type: "date", autoComplete: "bday", required: true })}
          </Field>
        )}
      </div>

      <TaxAddressFields legend={t(isBusiness ? "registeredAddress" : "address")} address={address} setAddress={setAddress} errors={errors} clear={clear} />

      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold">{t("taxNumber")}</legend>
        {isBusiness ? (
          <p className="text-sm text-muted-foreground">{t("companyTinHint")}</p>
        ) : (
          <div className="flex flex-wrap gap-4" role="radiogroup" aria-label={t("taxNumber")}>
            {(["bsn", "tin"] as const).map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name="tin_kind" value={value} checked={kind === value} onChange={() => setKind(value)} className="size-4 accent-primary" data-testid={`tax-kind-${value}`} />
                {t(value === "bsn" ? "kindBsn" : "kindTin")}
              </label>
            ))}
          </div>
        )}
        {kind === "bsn" ? (
          <Field id="tax-bsn" label={t("bsn")} error={errors.bsn} hint={keepHint(profile?.bsn)}>
            {text(bsn, setBsn, "bsn", { inputMode: "numeric", autoComplete: "off", maxLength: 11 })}
          </Field>
        ) : (
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <Field id="tax-tin" label={t(isBusiness ? "rsinOrTin" : "tin")} error={errors.tin} hint={keepHint(profile?.tin)}>{text(tin, setTin, "tin", { autoComplete: "off", maxLength: 40 })}</Field>
            <Field id="tax-tin_country" label={t("tinCountry")} error={errors.tin_country}>
              <CountrySelect value={tinCountry} onValueChange={(code) => { setTinCountry(code); clear("tin_country"); }} data-testid="tax-tin_country" />
            </Field>
          </div>
        )}
        <Field id="tax-iban" label={t("iban")} error={errors.iban} hint={keepHint(profile?.iban)}>
          {text(iban, setIban, "iban", { autoComplete: "off", maxLength: 42 })}
        </Field>
      </fieldset>

      {isBusiness ? (
        <fieldset className="space-y-4 rounded-xl border bg-muted/40 p-4">
          <legend className="px-1 text-sm font-semibold">{t("business")}</legend>
          <div className="grid gap-4 md:grid-cols-2">
            <Field id="tax-kvk_number" label={t("kvk")} error={errors.kvk_number}>{text(kvk, setKvk, "kvk_number", { inputMode: "numeric", maxLength: 10 })}</Field>
            <Field id="tax-vat_number" label={t("vat")} error={errors.vat_number}>{text(vat, setVat, "vat_number", { maxLength: 20 })}</Field>
          </div>
        </fieldset>
      ) : null}

      <Button type="submit" disabled={saving} data-testid="tax-save" className="min-h-11">
        {saving ? <Spinner aria-hidden="true" /> : null}
        {t("save")}
      </Button>
    </form>
  );
}

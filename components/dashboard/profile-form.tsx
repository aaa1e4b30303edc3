"use client";

/**
 * The dashboard's profile tab: name (required) and phone
 * (country picker, Netherlands first) are editable; the email is shown read-only; the
 * company name and VAT number only for business sellers, read-only too. The profile
 * photo above the form is saved on its own, as soon as one is picked.
 */
import * as React from "react";
import { useRouter } from "next/navigation";
import { useRefreshSession } from "@/components/auth/use-session-user";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { BuildingIcon, LockIcon } from "lucide-react";
import { PhoneInput, phoneFromE164, phoneToE164, type PhoneValue } from "@/components/auth/phone-input";
import { apiResult } from "@/components/lib/api-client";
import { issueErrors, serverErrors, useFormErrors, type Rule } from "@/components/lib/use-form-errors";
import { TraderDetailFields } from "@/components/accounts/trader-detail-fields";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ProfilePhoto } from "./profile-photo";
import { NAME_MAX } from "@/lib/domains/accounts/client";
import { updateProfileSchema } from "@/lib/domains/accounts/schemas";
import type { UserJson } from "@/lib/domains/accounts/client";
import { useErrorText } from "@/components/lib/use-error-text";

type Profile = Pick<
  UserJson,
  | "name"
  | "email"
  | "phone"
  | "is_business_seller"
  | "business_name"
  | "vat_number"
  | "kvk_number"
  | "business_address"
  | "trader_self_certified"
  | "profile_image"
>;
type Field = "name" | "phone" | "kvk_number" | "business_address";
const FIELDS: readonly string[] = ["name", "phone", "kvk_number", "business_address"] satisfies Field[];
const fieldOf = (key: string) => (FIELDS.includes(key) ? (key as Field) : undefined);

export function ProfileForm({ profile }: { profile: Profile }) {
  const t = useTranslations("dashboard.profile");
  const errorText = useErrorText();
  const router = useRouter();
  const refreshSession = useRefreshSession();
  const ids = React.useId();
  const [name, setName] = React.useState(profile.name);
  const [phone, setPhone] = React.useState<PhoneValue>(() => phoneFromE164(profile.phone));
  // A business seller's trader details.
  const [kvk, setKvk] = React.useState(profile.kvk_number ?? "");
  const [businessAddress, setBusinessAddress] = React.useState(profile.business_address ?? "");
  // DSA art. 30: the self-certification a business seller gives before listing.
  const [certified, setCertified] = React.useState(profile.trader_self_certified);
  const { formRef, errors, show: showErrors, clear: clearError, reset: resetErrors } = useFormErrors<Field>();
  const [saving, setSaving] = React.useState(false);

  const messageFor = useMessageFor();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    // PUT /users/me with name, email and phone (the email unchanged).
    const body = {
      name: name.trim(),
      email: profile.email,
      phone: phoneToE164(phone),
      ...(profile.is_business_seller ? { kvk_number: kvk.trim(), business_address: businessAddress.trim(), trader_self_certified: certified } : {}),
    };
    const parsed = updateProfileSchema.safeParse(body);
    if (!parsed.success) {
      const next = issueErrors(parsed.error.issues, messageFor, fieldOf);
      showErrors(next);
      toast.error(Object.values(next)[0] ?? t("failed"));
      return;
    }
    resetErrors();
    setSaving(true);
    try {
      const saved = await apiResult("/api/users/me", { method: "PUT", json: body });
      if (!saved.ok) {
        if (saved.status === 0) throw saved.error;
        // Trader details stay while listings are live (docs/trust-and-law.md).
        const kept = saved.error.code === "trader_details_required";
        const next = serverErrors(saved.error, kept ? () => t("errors.traderDetailsKept") : messageFor, fieldOf);
        showErrors(next);
        const reason =
          saved.error.code === "email_read_only"
            ? t("emailReadOnly")
            : kept
              ? t("errors.traderDetailsKept")
              : (Object.values(next)[0] ?? (errorText(saved.error, "") || undefined));
        toast.error(t("failed"), { description: reason });
        return;
      }
      toast.success(t("success"));
      // The header's welcome line comes from the session, which reads the database.
      await refreshSession();
      router.refresh();
    } catch {
      toast.error(t("failed"), { description: t("errors.network") });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="space-y-8">
      <ProfilePhoto name={profile.name} image={profile.profile_image} />
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-6 border-t pt-6" data-testid="profile-form">
        <div className="grid gap-6 md:grid-cols-2">
          <NameAndPhone
            ids={ids}
            name={name}
            phone={phone}
            onName={(value) => {
              setName(value);
              clearError("name");
            }}
            onPhone={(next) => {
              setPhone(next);
              clearError("phone");
            }}
            errors={errors}
            phoneOptional={!profile.is_business_seller}
          />

          <EmailField ids={ids} email={profile.email} />
        </div>

        {profile.is_business_seller ? (
          <BusinessFields
            ids={ids}
            profile={profile}
            trader={{ kvk, setKvk, businessAddress, setBusinessAddress, certified, setCertified }}
            errors={errors}
            clearError={clearError}
          />
        ) : null}

        <div className="flex justify-end border-t pt-5">
          <Button type="submit" disabled={saving} data-testid="profile-save" className="min-w-36">
            {saving ? <Spinner className="text-current" /> : null}
            {saving ? t("saving") : t("save")}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The field and the rule it broke → this form's message (`text`: the API's, as is). */
function useMessageFor() {
  const t = useTranslations("dashboard.profile");
  return (field: Field, rule: Rule, text: string): string => {
  if (field === "phone") return t("errors.phoneInvalid");
  if (field === "kvk_number") return t("errors.kvkInvalid");
  if (field === "business_address") return t("errors.businessAddressTooLong");
  if (rule === "reserved") return t("errors.nameReserved");
  if (rule === "characters") return t("errors.nameCharacters");
  if (rule === "required") return t("errors.nameRequired");
  if (rule === "tooLong") return t("errors.nameTooLong", { max: NAME_MAX });
  return text;
};
}

/** The account's email address, which cannot be changed here. */
function EmailField({ ids, email }: { ids: string; email: string }) {
  const t = useTranslations("dashboard.profile");
  return (
    <div className="space-y-2 md:col-span-2">
      <Label htmlFor={`${ids}-email`}>{t("email")}</Label>
      <div className="relative">
        <Input
          id={`${ids}-email`}
          data-testid="profile-email"
          type="email"
          value={email}
          readOnly
          aria-readonly="true"
          aria-describedby={`${ids}-email-note`}
          className="bg-muted pr-9 text-muted-foreground"
        />
        <LockIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
      <p id={`${ids}-email-note`} className="text-sm text-muted-foreground" data-testid="profile-email-note">
        {t("emailReadOnly")}
      </p>
    </div>
  );
}

type TraderValues = {
  kvk: string;
  setKvk: (value: string) => void;
  businessAddress: string;
  setBusinessAddress: (value: string) => void;
  certified: boolean;
  setCertified: (value: boolean) => void;
};

/** A business seller's details: name and VAT number (read-only), then the trader details and self-certification. */
function BusinessFields({
  ids,
  profile,
  trader,
  errors,
  clearError,
}: {
  ids: string;
  profile: Profile;
  trader: TraderValues;
  errors: Partial<Record<Field, string>>;
  clearError: (field: Field) => void;
}) {
  const t = useTranslations("dashboard.profile");
  const { kvk, setKvk, businessAddress, setBusinessAddress, certified, setCertified } = trader;
  return (
      <fieldset className="space-y-4 rounded-xl border bg-muted/40 p-4" data-testid="profile-business">
        <legend className="flex items-center gap-2 px-1 text-sm font-semibold">
          <BuildingIcon aria-hidden="true" className="size-4" />
          {t("businessTitle")}
        </legend>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={`${ids}-company`}>{t("businessName")}</Label>
            <Input
              id={`${ids}-company`}
              data-testid="profile-business-name"
              value={profile.business_name ?? ""}
              readOnly
              aria-readonly="true"
              aria-describedby={`${ids}-business-note`}
              className="bg-muted text-muted-foreground"
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${ids}-vat`}>{t("vat")}</Label>
            <Input
              id={`${ids}-vat`}
              data-testid="profile-vat"
              value={profile.vat_number ?? ""}
              readOnly
              aria-readonly="true"
              aria-describedby={`${ids}-business-note`}
              className="bg-muted text-muted-foreground"
            />
          </div>
        </div>
        <p id={`${ids}-business-note`} className="text-sm text-muted-foreground">
          {t("businessReadOnly")}
        </p>
        {/* Trader details, editable */}
        <div className="grid gap-4 md:grid-cols-2">
          <TraderDetailFields
            idPrefix="profile"
            values={{ kvk_number: kvk, business_address: businessAddress, trader_self_certified: certified }}
            onChange={(field, value) => {
              if (field === "kvk_number") setKvk(String(value));
              else if (field === "business_address") setBusinessAddress(String(value));
              else setCertified(value === true);
              if (field !== "trader_self_certified") clearError(field);
            }}
            errors={errors}
          />
        </div>
        <p className="text-xs text-muted-foreground">{t("traderChecksHint")}</p>
      </fieldset>
  );
}

/** The display name and the optional phone number. */
function NameAndPhone({
  ids,
  name,
  phone,
  onName,
  onPhone,
  errors,
  phoneOptional,
}: {
  ids: string;
  name: string;
  phone: PhoneValue;
  onName: (value: string) => void;
  onPhone: (next: PhoneValue) => void;
  errors: Partial<Record<Field, string>>;
  /** A business seller needs a phone number to list (DSA art. 30). */
  phoneOptional: boolean;
}) {
  const t = useTranslations("dashboard.profile");
  const nameErrorId = errors.name ? `${ids}-name-error` : undefined;
  const phoneErrorId = errors.phone ? `${ids}-phone-error` : undefined;
  return (
    <>
    <div className="space-y-2">
      <Label htmlFor={`${ids}-name`}>{t("name")}</Label>
      <Input
        id={`${ids}-name`}
        data-testid="profile-name"
        value={name}
        required
        maxLength={NAME_MAX}
        autoComplete="name"
        onChange={(event) => onName(event.target.value)}
        aria-invalid={errors.name ? true : undefined}
        aria-describedby={nameErrorId}
      />
      {errors.name ? (
        <p id={nameErrorId} className="text-sm font-medium text-destructive" data-testid="profile-error-name">
          {errors.name}
        </p>
      ) : null}
    </div>

    <div className="space-y-2">
      <Label htmlFor={`${ids}-phone`}>
        {t("phone")} {phoneOptional ? <span className="font-normal text-muted-foreground">({t("optional")})</span> : null}
      </Label>
      <PhoneInput
        id={`${ids}-phone`}
        data-testid="profile-phone"
        value={phone}
        onChange={onPhone}
        invalid={Boolean(errors.phone)}
        describedBy={phoneErrorId}
      />
      {errors.phone ? (
        <p id={phoneErrorId} className="text-sm font-medium text-destructive" data-testid="profile-error-phone">
          {errors.phone}
        </p>
      ) : null}
    </div>
    </>
  );
}

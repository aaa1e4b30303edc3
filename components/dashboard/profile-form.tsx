"use client";

/**
 * The dashboard's profile tab (SPEC.md section 5 "Profile"): name (required) and phone
 * (country picker, Netherlands first) are editable; the email is shown read-only; the
 * company name and VAT number only for business sellers, read-only too. The profile
 * photo above the form is saved on its own, as soon as one is picked.
 */
import * as React from "react";
import { useRouter } from "next/navigation";
import { refreshSession } from "@/components/auth/use-session-user";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { BuildingIcon, LockIcon } from "lucide-react";
import { PhoneInput, phoneFromE164, phoneToE164, type PhoneValue } from "@/components/auth/phone-input";
import { readErrorBody, fieldErrorsOfBody } from "@/components/listing/listing-messages";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ProfilePhoto } from "./profile-photo";
import { NAME_MAX } from "@/lib/domains/accounts/client";
import { updateProfileSchema } from "@/lib/domains/accounts/schemas";
import type { UserJson } from "@/lib/domains/accounts/client";

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
  | "profile_image"
>;
type Field = "name" | "phone" | "kvk_number" | "business_address";
const FIELDS: readonly string[] = ["name", "phone", "kvk_number", "business_address"] satisfies Field[];
type FieldErrors = Partial<Record<Field, string>>;

export function ProfileForm({ profile }: { profile: Profile }) {
  const t = useTranslations("dashboard.profile");
  const router = useRouter();
  const ids = React.useId();
  const formRef = React.useRef<HTMLFormElement>(null);
  const [name, setName] = React.useState(profile.name);
  const [phone, setPhone] = React.useState<PhoneValue>(() => phoneFromE164(profile.phone));
  // A business seller's trader details.
  const [kvk, setKvk] = React.useState(profile.kvk_number ?? "");
  const [businessAddress, setBusinessAddress] = React.useState(profile.business_address ?? "");
  const [errors, setErrors] = React.useState<FieldErrors>({});
  const [saving, setSaving] = React.useState(false);

  /** The shared schema's English message → this form's translated one. */
  function messageFor(field: Field, message: string): string {
    if (field === "phone") return t("errors.phoneInvalid");
    if (field === "kvk_number") return t("errors.kvkInvalid");
    if (field === "business_address") return t("errors.businessAddressTooLong");
    if (/reserved/i.test(message)) return t("errors.nameReserved");
    if (/not allowed/i.test(message)) return t("errors.nameCharacters");
    if (/required/i.test(message)) return t("errors.nameRequired");
    if (/at most/i.test(message)) return t("errors.nameTooLong", { max: NAME_MAX });
    return message;
  }

  function showErrors(next: FieldErrors) {
    setErrors(next);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    // SPEC section 7: PUT /users/me with name, email and phone (the email unchanged).
    const body = {
      name: name.trim(),
      email: profile.email,
      phone: phoneToE164(phone),
      ...(profile.is_business_seller ? { kvk_number: kvk.trim(), business_address: businessAddress.trim() } : {}),
    };
    const parsed = updateProfileSchema.safeParse(body);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === "string" && FIELDS.includes(field) && !next[field as Field]) {
          next[field as Field] = messageFor(field as Field, issue.message);
        }
      }
      showErrors(next);
      toast.error(Object.values(next)[0] ?? t("failed"));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const response = await fetch("/api/users/me", {
        method: "PUT",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        const data = await readErrorBody(response);
        const next: FieldErrors = {};
        for (const item of fieldErrorsOfBody(data)) {
          if (FIELDS.includes(item.field) && !next[item.field as Field]) {
            next[item.field as Field] = messageFor(item.field as Field, item.message);
          }
        }
        showErrors(next);
        const reason =
          data.code === "email_read_only"
            ? t("emailReadOnly")
            : (Object.values(next)[0] ?? (typeof data.detail === "string" ? data.detail : undefined));
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

  const nameErrorId = errors.name ? `${ids}-name-error` : undefined;
  const phoneErrorId = errors.phone ? `${ids}-phone-error` : undefined;

  return (
    <div className="space-y-8">
      <ProfilePhoto name={profile.name} image={profile.profile_image} />
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-6 border-t pt-6" data-testid="profile-form">
        <div className="grid gap-6 md:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={`${ids}-name`}>{t("name")}</Label>
            <Input
              id={`${ids}-name`}
              data-testid="profile-name"
              value={name}
              required
              maxLength={NAME_MAX}
              autoComplete="name"
              onChange={(event) => {
                setName(event.target.value);
                setErrors((current) => ({ ...current, name: undefined }));
              }}
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
              {t("phone")} <span className="font-normal text-muted-foreground">({t("optional")})</span>
            </Label>
            <PhoneInput
              id={`${ids}-phone`}
              data-testid="profile-phone"
              value={phone}
              onChange={(next) => {
                setPhone(next);
                setErrors((current) => ({ ...current, phone: undefined }));
              }}
              invalid={Boolean(errors.phone)}
              describedBy={phoneErrorId}
            />
            {errors.phone ? (
              <p id={phoneErrorId} className="text-sm font-medium text-destructive" data-testid="profile-error-phone">
                {errors.phone}
              </p>
            ) : null}
          </div>

          <div className="space-y-2 md:col-span-2">
            <Label htmlFor={`${ids}-email`}>{t("email")}</Label>
            <div className="relative">
              <Input
                id={`${ids}-email`}
                data-testid="profile-email"
                type="email"
                value={profile.email}
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
        </div>

        {profile.is_business_seller ? (
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
              <div className="space-y-2">
                <Label htmlFor={`${ids}-kvk`}>{t("kvk")}</Label>
                <Input
                  id={`${ids}-kvk`}
                  data-testid="profile-kvk"
                  value={kvk}
                  inputMode="numeric"
                  placeholder="12345678"
                  aria-invalid={errors.kvk_number ? true : undefined}
                  aria-describedby={errors.kvk_number ? `${ids}-kvk-error` : undefined}
                  onChange={(event) => {
                    setKvk(event.target.value);
                    setErrors((current) => ({ ...current, kvk_number: undefined }));
                  }}
                />
                {errors.kvk_number ? (
                  <p id={`${ids}-kvk-error`} className="text-sm text-destructive" data-testid="profile-kvk-error">
                    {errors.kvk_number}
                  </p>
                ) : null}
              </div>
              <div className="space-y-2">
                <Label htmlFor={`${ids}-business-address`}>{t("businessAddress")}</Label>
                <Input
                  id={`${ids}-business-address`}
                  data-testid="profile-business-address"
                  value={businessAddress}
                  maxLength={300}
                  autoComplete="street-address"
                  aria-invalid={errors.business_address ? true : undefined}
                  aria-describedby={errors.business_address ? `${ids}-business-address-error` : undefined}
                  onChange={(event) => {
                    setBusinessAddress(event.target.value);
                    setErrors((current) => ({ ...current, business_address: undefined }));
                  }}
                />
                {errors.business_address ? (
                  <p id={`${ids}-business-address-error`} className="text-sm text-destructive">
                    {errors.business_address}
                  </p>
                ) : null}
              </div>
            </div>
          </fieldset>
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

"use client";

import * as React from "react";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { NAME_MAX, PASSWORD_MIN } from "@/lib/domains/accounts/client";
// A schema form (SCHEMA_FORMS in eslint.config.mjs): the dialog is loaded on first open.
import { registerSchema } from "@/lib/domains/accounts/schemas";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { apiResult } from "@/components/lib/api-client";
import { issueErrors, serverErrors, useFormErrors } from "@/components/lib/use-form-errors";
import { Field, FormError, PasswordInput, type AuthFormProps } from "./auth-fields";
import { useFieldMessage } from "./auth-messages";
import { EMPTY_PHONE, PhoneInput, phoneToE164, type PhoneValue } from "./phone-input";
import { EMPTY_BUSINESS, RegisterBusinessFields, type BusinessField, type BusinessValues } from "./register-business-fields";
import { useSignedIn } from "./use-signed-in";
import { useErrorText } from "@/components/lib/use-error-text";

/** The register tab: the account, then an automatic login. */
export function RegisterForm({ error, setError, onDone, next, onSwitch, onNeedsLogin }: AuthFormProps & { onNeedsLogin: (message: string) => void }) {
  const t = useTranslations("auth");
  const errorText = useErrorText();
  const signedIn = useSignedIn(onDone, next);
  const fieldMessage = useFieldMessage();
  const { formRef, errors: fieldErrors, show, clear: clearFieldError, reset } = useFormErrors<string>();
  const [name, setName] = React.useState("");
  const [email, setEmail] = React.useState("");
  const [password, setPassword] = React.useState("");
  const [phone, setPhone] = React.useState<PhoneValue>(EMPTY_PHONE);
  const [business, setBusiness] = React.useState(false);
  const [businessValues, setBusinessValues] = React.useState<BusinessValues>(EMPTY_BUSINESS);
  const [pending, setPending] = React.useState(false);

  function changeBusiness(field: BusinessField, value: string) {
    setBusinessValues((current) => ({ ...current, [field]: value }));
    clearFieldError(field);
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setError(null);
    // The API's JSON body; the shared schema checks the same object.
    const body = {
      email: email.trim(),
      password,
      name: name.trim(),
      phone: phoneToE164(phone),
      is_business_seller: business,
      business_name: business ? businessValues.business_name.trim() : null,
      vat_number: business ? businessValues.vat_number.trim() : null,
      kvk_number: business ? businessValues.kvk_number.trim() : null,
      business_address: business ? businessValues.business_address.trim() : null,
      trader_self_certified: business ? businessValues.trader_self_certified : false,
    };
    const parsed = registerSchema.safeParse(body);
    if (!parsed.success) {
      show(issueErrors(parsed.error.issues, fieldMessage));
      return;
    }
    reset();
    setPending(true);
    try {
      const created = await apiResult("/api/auth/register", { json: body });
      if (!created.ok) {
        const failure = created.error;
        if (failure.status === 0) throw failure;
        const serverFieldErrors = serverErrors(failure, fieldMessage);
        if (failure.code === "email_taken") serverFieldErrors.email = t("errors.emailTaken");
        const firstFieldError = Object.values(serverFieldErrors)[0];
        const message =
          failure.code === "email_taken"
            ? t("errors.emailTaken")
            : failure.code === "rate_limited"
              ? t("errors.rateLimited")
              : ((failure.code === "validation" || failure.code === "name_reserved" ? firstFieldError : undefined) ??
                errorText(failure, t("errors.registerFailed")));
        setError(message);
        toast.error(message);
        show(serverFieldErrors);
        return;
      }
      const result = await signIn("credentials", {
        email: parsed.data.email,
        password: parsed.data.password,
        redirect: false,
      });
      if (!result?.ok || result.error) {
        // The account exists; only the automatic login failed (e.g. rate limited).
        const message = t("register.createdPleaseLogin");
        toast.info(message);
        onNeedsLogin(message);
        return;
      }
      await signedIn(t("register.success"));
    } catch {
      setError(t("errors.network"));
      toast.error(t("errors.network"));
    } finally {
      setPending(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-busy={pending || undefined} className="grid gap-4">
      <AccountFields
        values={{ name, email, password, phone }}
        setters={{ setName, setEmail, setPassword, setPhone }}
        errors={fieldErrors}
        clearError={clearFieldError}
        disabled={pending}
        phoneRequired={business}
      />

      <RegisterBusinessFields
        business={business}
        onBusinessChange={setBusiness}
        values={businessValues}
        onChange={changeBusiness}
        onCertifiedChange={(certified) => {
          setBusinessValues((current) => ({ ...current, trader_self_certified: certified }));
          clearFieldError("trader_self_certified");
        }}
        errors={fieldErrors}
        disabled={pending}
      />

      <FormError message={error} />
      <Button type="submit" size="lg" className="w-full" disabled={pending} data-testid="register-submit">
        {pending ? <Spinner className="text-current" /> : null}
        {pending ? t("register.submitting") : t("register.submit")}
      </Button>
      <RegisterFooter onDone={onDone} onSwitch={onSwitch} />
    </form>
  );
}

type AccountValues = { name: string; email: string; password: string; phone: PhoneValue };

/** Name, email, password and the optional phone number. */
function AccountFields({
  values,
  setters,
  errors,
  clearError,
  disabled,
  phoneRequired,
}: {
  values: AccountValues;
  setters: {
    setName: (value: string) => void;
    setEmail: (value: string) => void;
    setPassword: (value: string) => void;
    setPhone: (value: PhoneValue) => void;
  };
  errors: Partial<Record<string, string>>;
  clearError: (field: string) => void;
  disabled: boolean;
  /** A business seller gives a phone number (DSA art. 30). */
  phoneRequired: boolean;
}) {
  const t = useTranslations("auth");
  return (
    <>
    <Field id="register-name" label={t("fields.name")} error={errors.name}>
      {(props) => (
        <Input
          {...props}
          autoComplete="name"
          value={values.name}
          onChange={(e) => {
            setters.setName(e.target.value);
            clearError("name");
          }}
          disabled={disabled}
          maxLength={NAME_MAX}
          placeholder={t("fields.namePlaceholder")}
        />
      )}
    </Field>
    <Field id="register-email" label={t("fields.email")} error={errors.email}>
      {(props) => (
        <Input
          {...props}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={values.email}
          onChange={(e) => {
            setters.setEmail(e.target.value);
            clearError("email");
          }}
          disabled={disabled}
          placeholder={t("fields.emailPlaceholder")}
        />
      )}
    </Field>
    <Field id="register-password" label={t("fields.password")} hint={t("fields.passwordHint", { min: PASSWORD_MIN })} error={errors.password}>
      {(props) => (
        <PasswordInput
          {...props}
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => {
            setters.setPassword(e.target.value);
            clearError("password");
          }}
          disabled={disabled}
        />
      )}
    </Field>
    <Field
      id="register-phone"
      label={t("fields.phone")}
      optional={phoneRequired ? undefined : t("fields.optional")}
      error={errors.phone}
      testId={null}
    >
      {(props) => (
        <PhoneInput
          id={props.id}
          data-testid="register-phone"
          value={values.phone}
          onChange={(next) => {
            setters.setPhone(next);
            clearError("phone");
          }}
          disabled={disabled}
          invalid={props["aria-invalid"]}
          describedBy={props["aria-describedby"]}
        />
      )}
    </Field>
    </>
  );
}

/** The consent to the terms and privacy statement, and the switch to logging in. */
function RegisterFooter({ onDone, onSwitch }: Pick<AuthFormProps, "onDone" | "onSwitch">) {
  const t = useTranslations("auth");
  return (
    <>
    <p className="text-center text-xs text-muted-foreground">
      {t.rich("register.consent", {
        terms: (chunks) => (
          <Link href="/terms" onClick={onDone} className="font-medium text-primary underline-offset-4 hover:underline">
            {chunks}
          </Link>
        ),
        privacy: (chunks) => (
          <Link href="/privacy" onClick={onDone} className="font-medium text-primary underline-offset-4 hover:underline">
            {chunks}
          </Link>
        ),
      })}
    </p>
    <p className="text-center text-sm text-muted-foreground">
      {t("register.haveAccount")}{" "}
      <button type="button" onClick={onSwitch} className="font-medium text-primary underline-offset-4 hover:underline">
        {t("register.switchToLogin")}
      </button>
    </p>
    </>
  );
}

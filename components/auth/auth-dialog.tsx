"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import type { LoginReason } from "@/lib/domains/accounts/client";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import type { z } from "zod";
import { EyeIcon, EyeOffIcon } from "lucide-react";
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "@/lib/domains/accounts/client";
import { loginSchema, registerSchema } from "@/lib/domains/accounts/schemas";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { cn } from "@/lib/platform/utils";
import { announceSessionChanged, refreshSession } from "./use-session-user";
import { EMPTY_PHONE, PhoneInput, phoneToE164, type PhoneValue } from "./phone-input";

export type AuthTab = "login" | "register";

type FieldErrors = Partial<Record<string, string>>;

/** The JSON error body of our API (DECISIONS.md section 2). */
type ApiErrorBody = { detail?: unknown; code?: unknown; errors?: unknown };

/** API and schema field names → the prefix of their `auth.validation.*` messages. */
const FIELD_KEYS: Record<string, string> = {
  email: "email",
  password: "password",
  name: "name",
  phone: "phone",
  business_name: "company",
  vat_number: "vat",
  kvk_number: "kvk",
  business_address: "businessAddress",
};

/**
 * Translates a validation message of the shared zod schemas or of a 422 answer. The
 * schemas speak English (the API's contract); we only need to know which rule failed.
 */
function useFieldMessage() {
  const t = useTranslations("auth.validation");
  return React.useCallback(
    (field: string, message: string): string => {
      const base = FIELD_KEYS[field];
      if (!base) return message;
      const rule = /reserved/i.test(message)
        ? "Reserved"
        : /not allowed/i.test(message)
          ? "Characters"
          : /required/i.test(message)
            ? "Required"
            : /at least/i.test(message)
              ? "TooShort"
              : /at most|too long/i.test(message)
                ? "TooLong"
                : "Invalid";
      const key = `${base}${rule}`;
      if (!t.has(key)) return t.has(`${base}Invalid`) ? t(`${base}Invalid`) : message;
      return t(key, { min: PASSWORD_MIN, max: base === "name" ? NAME_MAX : PASSWORD_MAX });
    },
    [t],
  );
}

function fieldErrorsOf(issues: z.ZodError["issues"], translate: (field: string, message: string) => string) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !errors[field]) errors[field] = translate(field, issue.message);
  }
  return errors;
}

/** Forgets a field's error as soon as the user edits that field. */
function useFieldErrors() {
  const [errors, setErrors] = React.useState<FieldErrors>({});
  const clear = React.useCallback((field: string) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);
  return [errors, setErrors, clear] as const;
}

/** Moves focus to the first field marked invalid, after React has rendered the marks. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

export function AuthDialog({
  open,
  onOpenChange,
  tab,
  onTabChange,
  reason,
  next,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  /** Why a login is needed (a visitor opened a login-only page). */
  reason?: LoginReason;
  /** A same-site path to continue to after logging in. */
  next?: string;
}) {
  const t = useTranslations("auth");
  const tCommon = useTranslations("common");
  // One form-level error for the whole dialog, so at most one `auth-error` exists.
  const [formError, setFormError] = React.useState<string | null>(null);

  function changeOpen(next: boolean) {
    if (!next) setFormError(null);
    onOpenChange(next);
  }

  function changeTab(next: string) {
    setFormError(null);
    onTabChange(next === "register" ? "register" : "login");
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent data-testid="auth-dialog" closeLabel={tCommon("close")} className="max-w-md gap-5">
        <DialogHeader>
          <DialogTitle>{tab === "login" ? t("login.title") : t("register.title")}</DialogTitle>
          <DialogDescription>{tab === "login" ? t("login.description") : t("register.description")}</DialogDescription>
        </DialogHeader>
        {reason && (
          <p role="status" data-testid="auth-reason" className="rounded-md bg-primary/10 px-3 py-2 text-sm font-medium text-foreground">
            {t(`reasons.${reason}`)}
          </p>
        )}
        <Tabs value={tab} onValueChange={changeTab}>
          <TabsList className="w-full">
            <TabsTrigger value="login" data-testid="tab-login">
              {t("tabs.login")}
            </TabsTrigger>
            <TabsTrigger value="register" data-testid="tab-register">
              {t("tabs.register")}
            </TabsTrigger>
          </TabsList>
          {/* Both forms stay mounted so switching tabs keeps what was typed. */}
          <TabsContent value="login" forceMount className="data-[state=inactive]:hidden">
            <LoginForm
              error={tab === "login" ? formError : null}
              setError={setFormError}
              onDone={() => changeOpen(false)}
              next={next}
              onSwitch={() => changeTab("register")}
            />
          </TabsContent>
          <TabsContent value="register" forceMount className="data-[state=inactive]:hidden">
            <RegisterForm
              error={tab === "register" ? formError : null}
              setError={setFormError}
              onDone={() => changeOpen(false)}
              next={next}
              onSwitch={() => changeTab("login")}
              onNeedsLogin={(message) => {
                onTabChange("login");
                setFormError(message);
              }}
            />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

type FormProps = {
  error: string | null;
  setError: (message: string | null) => void;
  onDone: () => void;
  /** Where to continue after logging in; without it the current page refreshes. */
  next?: string;
  onSwitch: () => void;
};

function LoginForm({ error, setError, onDone, next, onSwitch }: FormProps) {
  const t = useTranslations("auth");
  const router = useRouter();
  const fieldMessage = useFieldMessage();
  const formRef = React.useRef<HTMLFormElement>(null);
  const [email, setEmail] = React.useState("");
  const [password, setPassword] = React.useState("");
  const [fieldErrors, setFieldErrors, clearFieldError] = useFieldErrors();
  const [pending, setPending] = React.useState(false);

  /** next-auth returns our machine code as `error` (lib/domains/accounts/auth/options.ts). */
  function loginErrorText(code: string | null | undefined): string {
    switch (code) {
      case "invalid_credentials":
      case "CredentialsSignin":
        return t("errors.invalidCredentials");
      case "rate_limited":
        return t("errors.rateLimited");
      case "banned":
        return t("errors.banned");
      default:
        return t("errors.loginFailed");
    }
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setError(null);
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error.issues, fieldMessage));
      focusFirstInvalid(formRef.current);
      return;
    }
    setFieldErrors({});
    setPending(true);
    try {
      const result = await signIn("credentials", {
        email: parsed.data.email,
        password: parsed.data.password,
        redirect: false,
      });
      if (!result?.ok || result.error) {
        const message = loginErrorText(result?.error);
        setError(message);
        toast.error(message);
        return;
      }
      await refreshSession();
      announceSessionChanged();
      toast.success(t("login.success"));
      onDone();
      // A full load: the router's cache still holds what this visitor was shown before
      // logging in (a login-only page prefetched as a redirect to the login dialog).
      if (next) window.location.assign(next);
      else router.refresh();
    } catch {
      setError(t("errors.network"));
      toast.error(t("errors.network"));
    } finally {
      setPending(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-busy={pending || undefined} className="grid gap-4">
      <Field id="login-email" label={t("fields.email")} error={fieldErrors.email}>
        {(props) => (
          <Input
            {...props}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              clearFieldError("email");
            }}
            disabled={pending}
            placeholder={t("fields.emailPlaceholder")}
          />
        )}
      </Field>
      <Field id="login-password" label={t("fields.password")} error={fieldErrors.password}>
        {(props) => (
          <PasswordInput
            {...props}
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              clearFieldError("password");
            }}
            disabled={pending}
          />
        )}
      </Field>
      <p className="-mt-2 text-right text-sm">
        {/* The dialog closes on the way (onDone), so the page is not under an open dialog. */}
        <Link href="/forgot-password" prefetch={false} onClick={onDone} className="font-medium text-primary underline-offset-4 hover:underline" data-testid="login-forgot">
          {t("login.forgot")}
        </Link>
      </p>
      <FormError message={error} />
      <Button type="submit" size="lg" className="w-full" disabled={pending} data-testid="login-submit">
        {pending ? <Spinner className="text-current" /> : null}
        {pending ? t("login.submitting") : t("login.submit")}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t("login.noAccount")}{" "}
        <button type="button" onClick={onSwitch} className="font-medium text-primary underline-offset-4 hover:underline">
          {t("login.switchToRegister")}
        </button>
      </p>
    </form>
  );
}

function RegisterForm({
  error,
  setError,
  onDone,
  next,
  onSwitch,
  onNeedsLogin,
}: FormProps & { onNeedsLogin: (message: string) => void }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const fieldMessage = useFieldMessage();
  const formRef = React.useRef<HTMLFormElement>(null);
  const [name, setName] = React.useState("");
  const [email, setEmail] = React.useState("");
  const [password, setPassword] = React.useState("");
  const [phone, setPhone] = React.useState<PhoneValue>(EMPTY_PHONE);
  const [business, setBusiness] = React.useState(false);
  const [company, setCompany] = React.useState("");
  const [vat, setVat] = React.useState("");
  const [kvk, setKvk] = React.useState("");
  const [businessAddress, setBusinessAddress] = React.useState("");
  const [fieldErrors, setFieldErrors, clearFieldError] = useFieldErrors();
  const [pending, setPending] = React.useState(false);

  function codeText(code: unknown): string | null {
    switch (code) {
      case "email_taken":
        return t("errors.emailTaken");
      case "rate_limited":
        return t("errors.rateLimited");
      default:
        return null;
    }
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setError(null);
    // The API's JSON body (SPEC section 7); the shared schema checks the same object.
    const body = {
      email: email.trim(),
      password,
      name: name.trim(),
      phone: phoneToE164(phone),
      is_business_seller: business,
      business_name: business ? company.trim() : null,
      vat_number: business ? vat.trim() : null,
      kvk_number: business ? kvk.trim() : null,
      business_address: business ? businessAddress.trim() : null,
    };
    const parsed = registerSchema.safeParse(body);
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error.issues, fieldMessage));
      focusFirstInvalid(formRef.current);
      return;
    }
    setFieldErrors({});
    setPending(true);
    try {
      const response = await fetch("/api/auth/register", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        const data = (await response.json().catch(() => ({}))) as ApiErrorBody;
        const serverFieldErrors: FieldErrors = {};
        if (Array.isArray(data.errors)) {
          for (const item of data.errors as { field?: unknown; message?: unknown }[]) {
            if (typeof item.field === "string" && typeof item.message === "string" && !serverFieldErrors[item.field]) {
              serverFieldErrors[item.field] = fieldMessage(item.field, item.message);
            }
          }
        }
        if (data.code === "email_taken") serverFieldErrors.email = t("errors.emailTaken");
        setFieldErrors(serverFieldErrors);
        const firstFieldError = Object.values(serverFieldErrors)[0];
        const message =
          codeText(data.code) ??
          (data.code === "validation" || data.code === "name_reserved" ? firstFieldError : undefined) ??
          (typeof data.detail === "string" && data.detail ? data.detail : t("errors.registerFailed"));
        setError(message);
        toast.error(message);
        focusFirstInvalid(formRef.current);
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
      await refreshSession();
      announceSessionChanged();
      toast.success(t("register.success"));
      onDone();
      // A full load: the router's cache still holds what this visitor was shown before
      // logging in (a login-only page prefetched as a redirect to the login dialog).
      if (next) window.location.assign(next);
      else router.refresh();
    } catch {
      setError(t("errors.network"));
      toast.error(t("errors.network"));
    } finally {
      setPending(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-busy={pending || undefined} className="grid gap-4">
      <Field id="register-name" label={t("fields.name")} error={fieldErrors.name}>
        {(props) => (
          <Input
            {...props}
            autoComplete="name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              clearFieldError("name");
            }}
            disabled={pending}
            maxLength={NAME_MAX}
            placeholder={t("fields.namePlaceholder")}
          />
        )}
      </Field>
      <Field id="register-email" label={t("fields.email")} error={fieldErrors.email}>
        {(props) => (
          <Input
            {...props}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              clearFieldError("email");
            }}
            disabled={pending}
            placeholder={t("fields.emailPlaceholder")}
          />
        )}
      </Field>
      <Field
        id="register-password"
        label={t("fields.password")}
        hint={t("fields.passwordHint", { min: PASSWORD_MIN })}
        error={fieldErrors.password}
      >
        {(props) => (
          <PasswordInput
            {...props}
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              clearFieldError("password");
            }}
            disabled={pending}
          />
        )}
      </Field>
      <Field
        id="register-phone"
        label={t("fields.phone")}
        optional={t("fields.optional")}
        error={fieldErrors.phone}
        testId={null}
      >
        {(props) => (
          <PhoneInput
            id={props.id}
            data-testid="register-phone"
            value={phone}
            onChange={(next) => {
              setPhone(next);
              clearFieldError("phone");
            }}
            disabled={pending}
            invalid={props["aria-invalid"]}
            describedBy={props["aria-describedby"]}
          />
        )}
      </Field>

      <div className="flex items-start gap-3 rounded-lg border bg-muted/50 p-3">
        <Checkbox
          id="register-business"
          data-testid="register-business"
          checked={business}
          onCheckedChange={(checked) => setBusiness(checked === true)}
          disabled={pending}
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
          <Field id="register-company" label={t("fields.company")} error={fieldErrors.business_name}>
            {(props) => (
              <Input
                {...props}
                autoComplete="organization"
                value={company}
                onChange={(e) => {
                  setCompany(e.target.value);
                  clearFieldError("business_name");
                }}
                disabled={pending}
                maxLength={200}
              />
            )}
          </Field>
          <Field id="register-vat" label={t("fields.vat")} error={fieldErrors.vat_number}>
            {(props) => (
              <Input
                {...props}
                autoCapitalize="characters"
                spellCheck={false}
                value={vat}
                onChange={(e) => {
                  setVat(e.target.value);
                  clearFieldError("vat_number");
                }}
                disabled={pending}
                placeholder="NL123456789B01"
              />
            )}
          </Field>
          {/* Trader details (KvK number, business address) */}
          <Field id="register-kvk" label={t("fields.kvk")} optional={t("fields.optional")} error={fieldErrors.kvk_number}>
            {(props) => (
              <Input
                {...props}
                inputMode="numeric"
                spellCheck={false}
                value={kvk}
                onChange={(e) => {
                  setKvk(e.target.value);
                  clearFieldError("kvk_number");
                }}
                disabled={pending}
                placeholder="12345678"
              />
            )}
          </Field>
          <Field
            id="register-business-address"
            label={t("fields.businessAddress")}
            optional={t("fields.optional")}
            error={fieldErrors.business_address}
          >
            {(props) => (
              <Input
                {...props}
                autoComplete="street-address"
                value={businessAddress}
                onChange={(e) => {
                  setBusinessAddress(e.target.value);
                  clearFieldError("business_address");
                }}
                disabled={pending}
                maxLength={300}
              />
            )}
          </Field>
        </div>
      ) : null}

      <FormError message={error} />
      <Button type="submit" size="lg" className="w-full" disabled={pending} data-testid="register-submit">
        {pending ? <Spinner className="text-current" /> : null}
        {pending ? t("register.submitting") : t("register.submit")}
      </Button>
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
    </form>
  );
}

type ControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "data-testid"?: string;
};

/** Label, control, hint and error of one form field, wired together for screen readers. */
function Field({
  id,
  label,
  hint,
  optional,
  error,
  testId,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  optional?: string;
  error?: string;
  /** data-testid of the control; defaults to the id, null for none. */
  testId?: string | null;
  children: (props: ControlProps) => React.ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="font-normal text-muted-foreground">({optional})</span> : null}
      </Label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        ...(testId === null ? {} : { "data-testid": testId ?? id }),
      })}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} data-testid={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      data-testid="auth-error"
      className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
    >
      {message}
    </p>
  );
}

function PasswordInput({ className, ...props }: React.ComponentProps<"input">) {
  const t = useTranslations("auth.fields");
  const [visible, setVisible] = React.useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? "text" : "password"} className={cn("pr-11", className)} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={t("showPassword")}
        aria-pressed={visible}
        aria-controls={props.id}
        disabled={props.disabled}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none disabled:opacity-50"
      >
        {visible ? <EyeOffIcon className="size-4" aria-hidden="true" /> : <EyeIcon className="size-4" aria-hidden="true" />}
      </button>
    </div>
  );
}

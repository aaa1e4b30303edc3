"use client";

/**
 * /forgot-password and /reset-password. The request form always ends with
 * the same message (the server does not say whether the address has an account); the
 * reset form sets the new password with the token of the mailed link and then offers
 * the login dialog.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { CheckCircle2Icon } from "lucide-react";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/domains/accounts/client";
import { emailSchema } from "@/lib/domains/accounts/schemas";
import { apiResult } from "@/components/lib/api-client";

function Done({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div role="status" className="rounded-xl border bg-card p-5" data-testid="password-reset-done">
      <p className="flex items-start gap-3">
        <CheckCircle2Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <span>{text}</span>
      </p>
      {children}
    </div>
  );
}

export function ForgotPasswordForm() {
  const t = useTranslations("passwordReset");
  const ids = React.useId();
  const [email, setEmail] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [sent, setSent] = React.useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!emailSchema.safeParse(email).success) return setError(t("errors.emailInvalid"));
    setBusy(true);
    setError(null);
    try {
      const result = await apiResult("/api/auth/forgot-password", { json: { email } });
      if (result.ok) setSent(true);
      else setError(result.status === 429 ? t("errors.rateLimited") : t("errors.failed"));
    } catch {
      setError(t("errors.failed"));
    } finally {
      setBusy(false);
    }
  }

  if (sent) return <Done text={t("forgot.sent")} />;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="forgot-password-form">
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-email`}>{t("fields.email")}</Label>
        <Input
          id={`${ids}-email`}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          data-testid="forgot-password-email"
        />
      </div>
      {error ? <p id={`${ids}-error`} role="alert" className="text-sm text-destructive">{error}</p> : null}
      <Button type="submit" size="lg" disabled={busy} data-testid="forgot-password-submit">
        {busy ? <Spinner className="text-current" /> : null}
        {t("forgot.submit")}
      </Button>
    </form>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("passwordReset");
  const authDialog = useAuthDialog();
  const ids = React.useId();
  const [password, setPassword] = React.useState("");
  const [repeat, setRepeat] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [done, setDone] = React.useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (password.length < PASSWORD_MIN) return setError(t("errors.tooShort", { min: PASSWORD_MIN }));
    if (password.length > PASSWORD_MAX) return setError(t("errors.tooLong", { max: PASSWORD_MAX }));
    if (password !== repeat) return setError(t("errors.mismatch"));
    setBusy(true);
    setError(null);
    try {
      const result = await apiResult("/api/auth/reset-password", { json: { token, password } });
      if (result.ok) return setDone(true);
      setError(result.error.code === "reset_token_invalid" ? t("errors.invalidLink") : t("errors.failed"));
    } catch {
      setError(t("errors.failed"));
    } finally {
      setBusy(false);
    }
  }

  if (!token) return <p role="alert" className="text-destructive">{t("errors.invalidLink")}</p>;
  if (done) {
    return (
      <Done text={t("reset.done")}>
        <Button className="mt-4" onClick={() => authDialog.open("login", { next: "/dashboard" })} data-testid="password-reset-login">
          {t("reset.login")}
        </Button>
      </Done>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="reset-password-form">
      {(["password", "repeat"] as const).map((key) => (
        <div key={key} className="grid gap-2">
          <Label htmlFor={`${ids}-${key}`}>{t(`fields.${key}`)}</Label>
          <Input
            id={`${ids}-${key}`}
            type="password"
            autoComplete="new-password"
            value={key === "password" ? password : repeat}
            onChange={(e) => (key === "password" ? setPassword : setRepeat)(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : key === "password" ? `${ids}-hint` : undefined}
            data-testid={`reset-password-${key}`}
          />
          {key === "password" ? <p id={`${ids}-hint`} className="text-sm text-muted-foreground">{t("fields.hint", { min: PASSWORD_MIN })}</p> : null}
        </div>
      ))}
      {error ? <p id={`${ids}-error`} role="alert" className="text-sm text-destructive" data-testid="reset-password-error">{error}</p> : null}
      <Button type="submit" size="lg" disabled={busy} data-testid="reset-password-submit">
        {busy ? <Spinner className="text-current" /> : null}
        {t("reset.submit")}
      </Button>
    </form>
  );
}

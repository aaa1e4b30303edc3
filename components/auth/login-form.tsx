"use client";

import * as React from "react";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
// A schema form (SCHEMA_FORMS in eslint.config.mjs): the dialog is loaded on first open.
import { loginSchema } from "@/lib/domains/accounts/schemas";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { issueErrors, useFormErrors } from "@/components/lib/use-form-errors";
import { Field, FormError, PasswordInput, type AuthFormProps } from "./auth-fields";
import { useFieldMessage } from "./auth-messages";
import { useSignedIn } from "./use-signed-in";
import { apiResult } from "@/components/lib/api-client";
import type { StatementJson } from "@/lib/domains/statements/client";
import { BanStatement } from "./ban-statement";

type LoginField = "email" | "password";

/** next-auth returns our machine code as `error` (lib/domains/accounts/auth/options.ts). */
function loginErrorKey(code: string | null | undefined) {
  switch (code) {
    case "invalid_credentials":
    case "CredentialsSignin":
      return "errors.invalidCredentials" as const;
    case "rate_limited":
      return "errors.rateLimited" as const;
    case "banned":
      return "errors.banned" as const;
    default:
      return "errors.loginFailed" as const;
  }
}

/** The login tab: e-mail and password through next-auth's credentials sign-in. */
export function LoginForm({ error, setError, onDone, next, onSwitch }: AuthFormProps) {
  const t = useTranslations("auth");
  const signedIn = useSignedIn(onDone, next);
  const fieldMessage = useFieldMessage();
  const { formRef, errors: fieldErrors, show, clear: clearFieldError, reset } = useFormErrors<LoginField>();
  const [email, setEmail] = React.useState("");
  const [password, setPassword] = React.useState("");
  const [pending, setPending] = React.useState(false);
  const [statement, setStatement] = React.useState<StatementJson | null>(null);

  /** A banned account: the API's login answers with the ban's statement of reasons. */
  async function loadStatement(credentials: { email: string; password: string }) {
    const result = await apiResult("/api/auth/login", { json: credentials, loginOn401: false });
    if (!result.ok && result.error.code === "banned" && result.error.body.statement) {
      setStatement(result.error.body.statement as StatementJson);
    }
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setError(null);
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      show(issueErrors<LoginField>(parsed.error.issues, fieldMessage));
      return;
    }
    reset();
    setStatement(null);
    setPending(true);
    try {
      const result = await signIn("credentials", {
        email: parsed.data.email,
        password: parsed.data.password,
        redirect: false,
      });
      if (!result?.ok || result.error) {
        const message = t(loginErrorKey(result?.error));
        setError(message);
        toast.error(message);
        if (result?.error === "banned") await loadStatement(parsed.data);
        return;
      }
      await signedIn(t("login.success"));
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
      {statement ? <BanStatement statement={statement} onNavigate={onDone} /> : <FormError message={error} />}
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

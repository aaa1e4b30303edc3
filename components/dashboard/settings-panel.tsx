"use client";

/**
 * The dashboard's Settings tab: language (stored on the account, so mails and
 * notifications use it), e-mail and push preferences, change password, download my data, delete
 * the account. The deletion dialog's code loads when it is opened.
 */
import * as React from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { DownloadIcon, KeyRoundIcon, LanguagesIcon, MailIcon, Trash2Icon } from "lucide-react";
import { refreshOfflinePage, writeLocaleCookie, writeStoredLocale } from "@/components/layout/language-switcher";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/domains/accounts/client";
import { LOCALES, type Locale } from "@/lib/platform/i18n/config";
import { api, apiResult } from "@/components/lib/api-client";

const PushSection = dynamic(() => import("./push-settings").then((m) => m.PushSection), { ssr: false });
const DeleteAccountDialog = dynamic(() => import("./delete-account-dialog").then((m) => m.DeleteAccountDialog), { ssr: false });

export type AccountSettings = {
  locale: Locale;
  email_verified: boolean;
  mail_preferences: Record<string, boolean>;
  /** Categories that cannot be turned off (mails about your money and your account). */
  required_categories?: string[];
  /** Which pushes the account's devices receive (docs/notifications.md). */
  push_preferences?: Record<string, boolean>;
};

export function SettingsPanel({ initial, email }: { initial: AccountSettings; email: string }) {
  return (
    <div className="flex flex-col gap-5" data-testid="settings-panel">
      <LanguageSection initial={initial.locale} />
      <MailSection initial={initial} email={email} />
      {initial.push_preferences ? <PushSection initial={initial.push_preferences} patch={patchSettings} /> : null}
      <PasswordSection />
      <ExportSection />
      <DeleteSection />
    </div>
  );
}

function Section({ icon: Icon, title, description, children, id }: { icon: typeof MailIcon; title: string; description: string; children: React.ReactNode; id: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6" data-testid={`${id}-section`}>
      <header className="mb-4 flex items-start gap-3">
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Icon aria-hidden="true" className="size-4.5" />
        </span>
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">{title}</h2>
          <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>
        </div>
      </header>
      {children}
    </section>
  );
}

function patchSettings(body: Record<string, unknown>): Promise<AccountSettings> {
  return api<AccountSettings>("/api/users/me/settings", { method: "PATCH", json: body });
}

function LanguageSection({ initial }: { initial: Locale }) {
  const t = useTranslations("settings.language");
  const router = useRouter();
  const [locale, setLocale] = React.useState<Locale>(initial);
  const [busy, setBusy] = React.useState(false);

  async function choose(next: Locale) {
    if (next === locale || busy) return;
    const before = locale;
    setLocale(next);
    setBusy(true);
    try {
      await patchSettings({ locale: next });
      writeLocaleCookie(next);
      writeStoredLocale(next);
      refreshOfflinePage();
      router.refresh();
      toast.success(t("saved"));
    } catch {
      setLocale(before);
      toast.error(t("failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section id="settings-language" icon={LanguagesIcon} title={t("title")} description={t("description")}>
      <fieldset className="flex flex-wrap gap-2" disabled={busy}>
        <legend className="sr-only">{t("title")}</legend>
        {LOCALES.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-2 rounded-lg border px-4 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40"
          >
            <input
              type="radio"
              name="settings-locale"
              value={value}
              checked={locale === value}
              onChange={() => choose(value)}
              className="accent-primary"
              data-testid={`settings-locale-${value}`}
            />
            <span lang={value}>{t(`options.${value}`)}</span>
          </label>
        ))}
      </fieldset>
    </Section>
  );
}

function MailSection({ initial, email }: { initial: AccountSettings; email: string }) {
  const t = useTranslations("settings.mail");
  const [prefs, setPrefs] = React.useState(initial.mail_preferences);
  const [busy, setBusy] = React.useState<string | null>(null);
  const required = new Set(initial.required_categories ?? []);

  async function toggle(category: string, on: boolean) {
    setBusy(category);
    const before = prefs;
    setPrefs({ ...prefs, [category]: on });
    try {
      const saved = await patchSettings({ mail_preferences: { [category]: on } });
      setPrefs(saved.mail_preferences);
      toast.success(t("saved"));
    } catch {
      setPrefs(before);
      toast.error(t("failed"));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Section id="settings-mail" icon={MailIcon} title={t("title")} description={t("description", { email })}>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <p className="text-sm" data-testid="settings-email-status">
          {initial.email_verified ? t("verified") : t("notVerified")}
        </p>
        {initial.email_verified ? null : <ResendConfirmation />}
      </div>
      <ul className="flex flex-col gap-3">
        {Object.keys(prefs).map((category) => {
          const id = `settings-mail-${category}`;
          const locked = required.has(category);
          return (
            <li key={category} className="flex items-start gap-3">
              <Checkbox
                id={id}
                checked={locked || prefs[category]}
                disabled={locked || busy === category}
                onCheckedChange={(value) => toggle(category, value === true)}
                aria-describedby={`${id}-hint`}
                data-testid={id}
                className="mt-0.5"
              />
              <div>
                <Label htmlFor={id}>{t.has(`categories.${category}.label`) ? t(`categories.${category}.label`) : category}</Label>
                <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                  {t.has(`categories.${category}.hint`) ? t(`categories.${category}.hint`) : ""}
                  {locked ? ` ${t("required")}` : ""}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function ResendConfirmation() {
  const t = useTranslations("settings.mail");
  const [state, setState] = React.useState<"idle" | "busy" | "sent">("idle");
  async function resend() {
    setState("busy");
    try {
      await api("/api/users/me/confirm-email", { method: "POST" });
      setState("sent");
      toast.success(t("resent"));
    } catch {
      setState("idle");
      toast.error(t("resendFailed"));
    }
  }
  if (state === "sent") return <p role="status" className="text-sm text-muted-foreground">{t("resent")}</p>;
  return (
    <Button variant="outline" size="sm" onClick={resend} disabled={state === "busy"} data-testid="settings-email-resend">
      {state === "busy" ? <Spinner /> : null}
      {t("resend")}
    </Button>
  );
}

function PasswordSection() {
  const t = useTranslations("settings.password");
  const ids = React.useId();
  const [current, setCurrent] = React.useState("");
  const [next, setNext] = React.useState("");
  const [repeat, setRepeat] = React.useState("");
  const [errors, setErrors] = React.useState<{ current?: string; next?: string; repeat?: string }>({});
  const [busy, setBusy] = React.useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found: typeof errors = {};
    if (!current) found.current = t("errors.currentRequired");
    if (next.length < PASSWORD_MIN) found.next = t("errors.tooShort", { min: PASSWORD_MIN });
    else if (next.length > PASSWORD_MAX) found.next = t("errors.tooLong", { max: PASSWORD_MAX });
    if (!found.next && repeat !== next) found.repeat = t("errors.mismatch");
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const result = await apiResult("/api/users/me/password", { json: { current_password: current, new_password: next } });
      if (result.ok) {
        setCurrent("");
        setNext("");
        setRepeat("");
        toast.success(t("changed"));
        return;
      }
      if (result.error.code === "current_password_wrong") setErrors({ current: t("errors.currentWrong") });
      else if (result.status === 429) toast.error(t("errors.rateLimited"));
      else toast.error(t("errors.failed"));
    } catch {
      toast.error(t("errors.failed"));
    } finally {
      setBusy(false);
    }
  }

  const field = (key: "current" | "next" | "repeat", value: string, set: (v: string) => void, autoComplete: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${ids}-${key}`}>{t(`fields.${key}`)}</Label>
      <Input
        id={`${ids}-${key}`}
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${ids}-${key}-error` : undefined}
        data-testid={`settings-password-${key}`}
      />
      {errors[key] ? (
        <p id={`${ids}-${key}-error`} className="text-sm text-destructive" data-testid={`settings-password-${key}-error`}>
          {errors[key]}
        </p>
      ) : null}
    </div>
  );

  return (
    <Section id="settings-password" icon={KeyRoundIcon} title={t("title")} description={t("description")}>
      <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
        {field("current", current, setCurrent, "current-password")}
        {field("next", next, setNext, "new-password")}
        {field("repeat", repeat, setRepeat, "new-password")}
        <Button type="submit" disabled={busy} className="justify-self-start" data-testid="settings-password-submit">
          {busy ? <Spinner /> : null}
          {t("submit")}
        </Button>
      </form>
    </Section>
  );
}

function ExportSection() {
  const t = useTranslations("settings.export");
  return (
    <Section id="settings-export" icon={DownloadIcon} title={t("title")} description={t("description")}>
      <Button asChild variant="outline">
        <a href="/api/users/me/export" download data-testid="settings-export">
          <DownloadIcon aria-hidden="true" />
          {t("button")}
        </a>
      </Button>
    </Section>
  );
}

function DeleteSection() {
  const t = useTranslations("settings.delete");
  const [open, setOpen] = React.useState(false);
  return (
    <Section id="settings-delete" icon={Trash2Icon} title={t("title")} description={t("description")}>
      <Button variant="destructive" onClick={() => setOpen(true)} data-testid="settings-delete-open">
        <Trash2Icon aria-hidden="true" />
        {t("openButton")}
      </Button>
      {open ? <DeleteAccountDialog onClose={() => setOpen(false)} /> : null}
    </Section>
  );
}

"use client";

/** /appeal: the user's text against a statement of reasons, sent to POST /api/appeals. */
import * as React from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { apiResult } from "@/components/lib/api-client";
import { APPEAL_TEXT_MAX } from "@/lib/domains/statements/client";

export function AppealForm({ statementId, token }: { statementId: string; token?: string }) {
  const t = useTranslations("statements");
  const [text, setText] = React.useState("");
  const [state, setState] = React.useState<"idle" | "busy" | "done">("idle");
  const [error, setError] = React.useState<string | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) return;
    setState("busy");
    setError(null);
    const result = await apiResult("/api/appeals", { json: { statement_id: statementId, text, token }, loginOn401: false });
    if (result.ok) {
      setState("done");
      return;
    }
    setState("idle");
    const code = result.error.code;
    setError(code === "appeal_too_late" ? t("appealTooLate") : code === "appeal_open" ? t("appealOpen") : code === "appeal_decided" ? t("appealDecided") : code === "appeal_token_invalid" || result.status === 401 || result.status === 404 ? t("appealInvalid") : t("appealFailed"));
  }

  if (state === "done") {
    return <p role="status" className="rounded-xl border bg-card p-5" data-testid="appeal-done">{t("appealDone")}</p>;
  }
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <div className="space-y-1.5">
        <Label htmlFor="appeal-text">{t("appealText")}</Label>
        <Textarea id="appeal-text" rows={6} maxLength={APPEAL_TEXT_MAX} required value={text} onChange={(e) => setText(e.target.value)} data-testid="appeal-text" />
      </div>
      {error ? <p role="alert" className="text-sm text-destructive">{error}</p> : null}
      <Button type="submit" disabled={state === "busy" || !text.trim()} className="justify-self-start" data-testid="appeal-submit">
        {state === "busy" ? <Spinner className="text-current" /> : null}
        {t("appealSubmit")}
      </Button>
    </form>
  );
}

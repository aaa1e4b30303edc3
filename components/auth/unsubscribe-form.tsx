"use client";

/** /unsubscribe: one button that turns the mail category of the link's token off. */
import * as React from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { apiResult } from "@/components/lib/api-client";

export function UnsubscribeForm({ token, category }: { token: string; category: string }) {
  const t = useTranslations("unsubscribe");
  const [state, setState] = React.useState<"idle" | "busy" | "done" | "error">("idle");

  async function submit() {
    setState("busy");
    const result = await apiResult("/api/mail/unsubscribe", { json: { token }, loginOn401: false });
    setState(result.ok ? "done" : "error");
  }

  if (state === "done") {
    return <p role="status" className="rounded-xl border bg-card p-5" data-testid="unsubscribe-done">{t("done", { category })}</p>;
  }
  return (
    <div className="grid gap-4">
      <Button onClick={submit} disabled={state === "busy"} className="justify-self-start" data-testid="unsubscribe-submit">
        {state === "busy" ? <Spinner className="text-current" /> : null}
        {t("submit", { category })}
      </Button>
      {state === "error" ? <p role="alert" className="text-sm text-destructive">{t("failed")}</p> : null}
    </div>
  );
}

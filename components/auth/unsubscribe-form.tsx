"use client";

/** /unsubscribe: one button that turns the mail category of the link's token off. */
import * as React from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

export function UnsubscribeForm({ token, category }: { token: string; category: string }) {
  const t = useTranslations("unsubscribe");
  const [state, setState] = React.useState<"idle" | "busy" | "done" | "error">("idle");

  async function submit() {
    setState("busy");
    try {
      const res = await fetch("/api/mail/unsubscribe", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token }),
      });
      setState(res.ok ? "done" : "error");
    } catch {
      setState("error");
    }
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

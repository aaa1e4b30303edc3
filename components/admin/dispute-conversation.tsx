"use client";

/**
 * The conversation between buyer and seller of a disputed order, loaded when the admin
 * opens it (GET /api/admin/disputes/{orderId}/conversation).
 */
import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { api } from "@/components/lib/api-client";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { resolveLocale } from "@/lib/platform/i18n/config";
import type { DisputeMessageJson } from "@/lib/domains/messaging/client";
import { cn } from "@/lib/platform/utils";

type State = { status: "idle" | "loading" | "failed" } | { status: "loaded"; messages: DisputeMessageJson[] };

export function DisputeConversation({ orderId }: { orderId: string }) {
  const t = useTranslations("admin.disputes");
  const locale = resolveLocale(useLocale());
  const [state, setState] = useState<State>({ status: "idle" });

  const load = async () => {
    setState({ status: "loading" });
    try {
      const body = await api<{ messages: DisputeMessageJson[] }>(`/api/admin/disputes/${orderId}/conversation`, { cache: "no-store" });
      setState({ status: "loaded", messages: body.messages });
    } catch {
      setState({ status: "failed" });
    }
  };

  return (
    <div className="rounded-lg bg-muted/50 p-3 text-sm" data-testid="dispute-conversation" data-order-id={orderId}>
      {state.status !== "loaded" ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" size="sm" onClick={load} disabled={state.status === "loading"} data-testid="dispute-conversation-load">
            {t("conversationShow")}
          </Button>
          {state.status === "failed" && <span className="text-destructive">{t("conversationFailed")}</span>}
        </div>
      ) : state.messages.length === 0 ? (
        <p className="text-muted-foreground">{t("conversationEmpty")}</p>
      ) : (
        <ol className="space-y-2" aria-label={t("conversationTitle")}>
          {state.messages.map((m) => (
            <li key={m.id} data-testid="dispute-message" className={cn("rounded-md bg-background p-2", m.sender_role === "seller" && "ml-6")}>
              <p className="text-xs text-muted-foreground">
                {m.sender_role === "buyer" ? t("buyerLabel") : t("sellerLabel")} · {m.sender_name} ·{" "}
                {appFormatter(locale).dateTime(new Date(m.created_at), { dateStyle: "short", timeStyle: "short" })}
              </p>
              <p className="whitespace-pre-wrap">{m.content}</p>
              {m.warning && <p className="mt-1 text-xs font-medium text-destructive">{t("conversationWarning")}</p>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

"use client";

/**
 * The seller's payout set-up, at the top of the dashboard's sales tab (docs/payments.md
 * "Payouts"). With the test provider nothing is needed: payouts are ledger entries and
 * no real money moves. With Stripe the seller onboards once through a Stripe-hosted
 * page (Connect Account Link) and comes back to /dashboard?tab=sales.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { BanknoteIcon, CheckCircle2Icon, ExternalLinkIcon, FlaskConicalIcon, RefreshCwIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { api, apiResult } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";

type PayoutAccount = {
  provider: string;
  required: boolean;
  connected: boolean;
  details_submitted: boolean;
  payouts_enabled: boolean;
};

type LoadState = { status: "loading" } | { status: "error" } | { status: "ready"; account: PayoutAccount };

function fetchPayoutAccount(signal?: AbortSignal): Promise<PayoutAccount> {
  return api<PayoutAccount>("/api/payouts/account", { cache: "no-store", signal });
}

/** What the section shows: loading, error, test-mode, enabled or setup. */
function sectionState(state: LoadState): string {
  if (state.status !== "ready") return state.status;
  if (!state.account.required) return "test-mode";
  return state.account.payouts_enabled ? "enabled" : "setup";
}

export function Payouts() {
  const t = useTranslations("payouts");
  const errorText = useErrorText();
  const headingId = React.useId();
  const [state, setState] = React.useState<LoadState>({ status: "loading" });
  const [redirecting, setRedirecting] = React.useState(false);

  const load = React.useCallback(
    (signal?: AbortSignal) =>
      fetchPayoutAccount(signal).then(
        (account) => setState({ status: "ready", account }),
        (error: unknown) => {
          if (signal?.aborted) return;
          console.warn("Loading the payout account failed", error);
          setState({ status: "error" });
        },
      ),
    [],
  );

  React.useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function startOnboarding() {
    if (redirecting) return;
    setRedirecting(true);
    try {
      const result = await apiResult<{ url?: unknown } | null>("/api/payouts/onboarding", { method: "POST" });
      const url = result.ok ? result.data?.url : undefined;
      if (typeof url !== "string") {
        const detail = !result.ok && result.status < 500 ? errorText(result.error, "") : "";
        toast.error(detail || t("setup.failed"));
        setRedirecting(false);
        return;
      }
      // Stays "redirecting" while the browser leaves for Stripe.
      window.location.assign(url);
    } catch {
      toast.error(t("setup.failed"));
      setRedirecting(false);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="payouts-section"
      data-state={sectionState(state)}
      className="rounded-xl border bg-muted/40 p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 font-semibold">
          <BanknoteIcon aria-hidden="true" className="size-5 text-primary" />
          {t("title")}
        </h3>
        {state.status === "ready" && !state.account.required ? (
          <Badge variant="warm" className="gap-1" data-testid="payouts-test-mode">
            <FlaskConicalIcon aria-hidden="true" />
            {t("testMode.badge")}
          </Badge>
        ) : null}
        {state.status === "ready" && state.account.required && state.account.payouts_enabled ? (
          <Badge variant="secondary" className="gap-1" data-testid="payouts-enabled">
            <CheckCircle2Icon aria-hidden="true" />
            {t("enabled.badge")}
          </Badge>
        ) : null}
      </div>

      {state.status === "loading" ? (
        <div className="mt-3" aria-busy="true">
          <Spinner label={t("loading")} />
        </div>
      ) : null}

      {state.status === "error" ? (
        <div className="mt-3 flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-destructive">{t("loadFailed")}</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setState({ status: "loading" });
              void load();
            }}
            data-testid="payouts-retry"
          >
            <RefreshCwIcon aria-hidden="true" />
            {t("retry")}
          </Button>
        </div>
      ) : null}

      {state.status === "ready" && !state.account.required ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("testMode.text")}</p>
      ) : null}

      {state.status === "ready" && state.account.required && state.account.payouts_enabled ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("enabled.text")}</p>
      ) : null}

      {state.status === "ready" && state.account.required && !state.account.payouts_enabled ? (
        <div className="mt-2 flex flex-col items-start gap-3">
          <p className="text-sm text-muted-foreground">
            {state.account.details_submitted ? t("setup.reviewing") : t("setup.text")}
          </p>
          <Button onClick={startOnboarding} disabled={redirecting} aria-busy={redirecting} data-testid="payouts-setup">
            {redirecting ? <Spinner className="text-current" /> : <ExternalLinkIcon aria-hidden="true" />}
            {redirecting ? t("setup.busy") : t("setup.button")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

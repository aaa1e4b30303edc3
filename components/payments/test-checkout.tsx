"use client";

/**
 * The test provider's hosted checkout (docs/payments.md "Test provider"): what the
 * buyer is paying for, and three outcomes. Each button is a plain form post to
 * /api/payments/test-checkout/{id}/pay|fail|cancel, which changes the state exactly as
 * Stripe's webhook would and answers 303 to the success or cancel URL, like Stripe's
 * own page. Browsers send Origin with form posts, so the API's cross-site check passes.
 */
import * as React from "react";
import Link from "next/link";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { BanIcon, CircleXIcon, CreditCardIcon, LogInIcon, RotateCcwIcon, type LucideIcon } from "lucide-react";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { PRODUCT_PLACEHOLDER_IMAGE } from "@/components/catalog/card-product";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { appFormatter, money } from "@/lib/platform/i18n/formats";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { apiResult } from "@/components/lib/api-client";
import { useOnPageRestore } from "./checkout-client";

/** GET /api/payments/test-checkout/{id} (money in euros except `amount_total`, cents). */
type TestSession = {
  session_id: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "failed";
  amount_total: number;
  currency: string;
  expires_at: string;
  items: { product_id: string; title: string; image: string | null; amount: number; commission: number; shipping?: number }[];
};

type Action = "pay" | "fail" | "cancel";

type LoadState = { kind: "loading" } | { kind: "not-found" } | { kind: "failed" } | { kind: "ready"; session: TestSession };

async function fetchSession(url: string): Promise<LoadState> {
  const result = await apiResult<TestSession>(url);
  if (result.ok && result.data && Array.isArray(result.data.items)) return { kind: "ready", session: result.data };
  return { kind: !result.ok && result.status === 404 ? "not-found" : "failed" };
}

export function TestCheckout({ sessionId }: { sessionId: string }) {
  const t = useTranslations("testCheckout");
  const [state, setState] = React.useState<LoadState>({ kind: "loading" });
  const [submitting, setSubmitting] = React.useState<Action | null>(null);
  const base = `/api/payments/test-checkout/${encodeURIComponent(sessionId)}`;

  const load = React.useCallback(() => fetchSession(base).then(setState), [base]);

  React.useEffect(() => {
    void fetchSession(base).then(setState);
  }, [base]);

  // Back from the result page: the session has moved on, and no button is busy any more.
  const reload = () => {
    setState({ kind: "loading" });
    void load();
  };

  useOnPageRestore(() => {
    setSubmitting(null);
    reload();
  });

  if (state.kind === "loading") {
    return (
      <div className="flex min-h-48 items-center justify-center" data-testid="test-checkout-loading" aria-busy="true">
        <Spinner label={t("loading")} className="size-8 text-primary" />
      </div>
    );
  }
  if (state.kind === "not-found" || state.kind === "failed") {
    return (
      <section className="rounded-2xl border bg-card p-6 text-center shadow-sm" data-testid={`test-checkout-${state.kind}`}>
        {/* The page's heading when there is no session to show. */}
        <div role="alert">
          <h1 className="font-medium">{state.kind === "not-found" ? t("notFound") : t("loadFailed")}</h1>
        </div>
        <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
          {state.kind === "failed" ? (
            <Button variant="outline" onClick={reload}>
              <RotateCcwIcon aria-hidden="true" />
              {t("retry")}
            </Button>
          ) : null}
          <Button asChild variant={state.kind === "failed" ? "ghost" : "default"}>
            <Link href="/browse">{t("backToBrowse")}</Link>
          </Button>
        </div>
      </section>
    );
  }

  const { session } = state;
  const open = session.status === "open";
  return (
    <section
      aria-labelledby="test-checkout-title"
      className="space-y-6 rounded-2xl border bg-card p-5 shadow-sm sm:p-6"
      data-testid="test-checkout"
      data-status={session.status}
      data-payment-status={session.payment_status}
    >
      <h1 id="test-checkout-title" className="text-2xl font-bold tracking-tight">
        {t("heading")}
      </h1>
      <SessionItems session={session} />
      {open ? (
        <div role="group" aria-label={t("actionsLabel")} className="grid gap-3 sm:grid-cols-3">
          <ActionForm action={`${base}/pay`} testId="test-pay" icon={CreditCardIcon} submitting={submitting} name="pay" onSubmit={setSubmitting}>
            {t("pay")}
          </ActionForm>
          <ActionForm
            action={`${base}/fail`}
            testId="test-fail"
            icon={CircleXIcon}
            variant="outline"
            submitting={submitting}
            name="fail"
            onSubmit={setSubmitting}
          >
            {t("fail")}
          </ActionForm>
          <ActionForm
            action={`${base}/cancel`}
            testId="test-cancel"
            icon={BanIcon}
            variant="ghost"
            submitting={submitting}
            name="cancel"
            onSubmit={setSubmitting}
          >
            {t("cancel")}
          </ActionForm>
        </div>
      ) : (
        <div className="space-y-4 rounded-xl bg-muted/60 p-4" data-testid="test-checkout-closed">
          <div>
            <p className="font-semibold">{t("closedTitle")}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              {t("state", {
                status: `${t(`statuses.${session.status}`)} · ${t(`statuses.${session.payment_status}`)}`,
              })}
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild>
              <Link href="/orders">{t("viewOrders")}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/browse">{t("backToBrowse")}</Link>
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

function SessionItems({ session }: { session: TestSession }) {
  const t = useTranslations("testCheckout");
  const locale = resolveLocale(useLocale());
  const formatter = useFormatter();
  return (
    <div className="space-y-4">
      <ul aria-label={t("itemsLabel")} className="divide-y rounded-xl border">
        {session.items.map((item) => (
          <li key={item.product_id} className="flex items-center gap-3 p-3" data-testid="test-checkout-item" data-product-id={item.product_id}>
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img
              src={item.image ?? PRODUCT_PLACEHOLDER_IMAGE}
              alt=""
              width={56}
              height={56}
              className="size-14 shrink-0 rounded-md bg-muted object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{item.title}</p>
              <p className="text-xs text-muted-foreground">
                {t("fee")}: {formatter.number(item.commission, "euro")}
              </p>
              {item.shipping ? (
                <p className="text-xs text-muted-foreground" data-testid="test-checkout-shipping">
                  {t("shipping")}: {formatter.number(item.shipping, "euro")}
                </p>
              ) : null}
            </div>
            <p className="shrink-0 font-medium tabular-nums">
              <span className="sr-only">{t("price")}: </span>
              {formatter.number(item.amount, "euro")}
            </p>
          </li>
        ))}
      </ul>
      <div className="flex items-baseline justify-between gap-4 border-t pt-4">
        <span className="text-base font-semibold">{t("total")}</span>
        <span className="text-2xl font-bold text-primary tabular-nums" data-testid="test-checkout-total">
          {money(formatter, session.amount_total)}
        </span>
      </div>
      {session.status === "open" ? (
        <p className="text-sm text-muted-foreground" data-testid="test-checkout-expires">
          {t("expires", {
            time: appFormatter(locale).dateTime(new Date(session.expires_at), "dateTime"),
          })}
        </p>
      ) : null}
    </div>
  );
}

function ActionForm({
  action,
  name,
  testId,
  icon: Icon,
  variant = "default",
  submitting,
  onSubmit,
  children,
}: {
  action: string;
  name: Action;
  testId: string;
  icon: LucideIcon;
  variant?: ButtonProps["variant"];
  submitting: Action | null;
  onSubmit: (action: Action) => void;
  children: React.ReactNode;
}) {
  return (
    <form
      method="post"
      action={action}
      onSubmit={(event) => {
        // One outcome per session: a second click (or another button) would race the first.
        if (submitting) event.preventDefault();
        else onSubmit(name);
      }}
    >
      <Button
        type="submit"
        size="lg"
        variant={variant}
        className="w-full"
        disabled={submitting !== null && submitting !== name}
        aria-busy={submitting === name || undefined}
        data-testid={testId}
      >
        {submitting === name ? <Spinner className="text-current" /> : <Icon aria-hidden="true" />}
        {children}
      </Button>
    </form>
  );
}

/** Shown instead of the checkout to a visitor who is not logged in. */
export function TestCheckoutLogin() {
  const t = useTranslations("testCheckout");
  const authDialog = useAuthDialog();
  return (
    <section
      aria-labelledby="test-checkout-login-title"
      className="rounded-2xl border bg-card p-6 text-center shadow-sm"
      data-testid="test-checkout-login"
    >
      <h1 id="test-checkout-login-title" className="text-xl font-semibold">
        {t("loginTitle")}
      </h1>
      <p className="mx-auto mt-2 max-w-md text-sm text-muted-foreground">{t("loginText")}</p>
      <Button className="mt-5" onClick={() => authDialog.open("login")} data-testid="test-checkout-login-button">
        <LogInIcon aria-hidden="true" />
        {t("login")}
      </Button>
    </section>
  );
}

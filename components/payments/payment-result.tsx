"use client";

/**
 * The payment result page. The provider sends
 * the buyer back with `session_id`; this asks GET /api/payments/checkout-status/{id}
 * (which also runs the fulfilment, so it does not wait for a webhook) every 2 s, at most
 * 5 times: paid is success, expired or failed is failure, anything else after the last
 * attempt is a time-out. Back from the provider's Cancel (`cancelled=1`) it ends the
 * checkout once (POST /api/payments/cancel-checkout/{id}), which frees the items.
 * Without a session id: "Payment failed" and on to /browse.
 */
import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { AlertTriangleIcon, CheckCircle2Icon, ClockIcon, XCircleIcon, type LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { money } from "@/lib/platform/i18n/formats";
import { cn } from "@/lib/platform/utils";
import { apiResult } from "@/components/lib/api-client";
import type { CheckoutStatus } from "./checkout-client";

/** Poll every 2 s, at most 5 attempts. */
export const STATUS_POLL_INTERVAL_MS = 2_000;
export const STATUS_POLL_ATTEMPTS = 5;

type Outcome =
  | { kind: "checking" }
  | { kind: "cancelling" }
  | { kind: "leaving" }
  | { kind: "success"; status: CheckoutStatus }
  | { kind: "failed"; status: CheckoutStatus | null }
  | { kind: "cancelled"; status: CheckoutStatus | null }
  | { kind: "timeout" }
  | { kind: "error" };

/** What a status answer means: a final outcome, or null to ask again. */
function outcomeOf(status: CheckoutStatus): Outcome | null {
  if (status.payment_status === "paid") return { kind: "success", status };
  if (status.status === "expired" || status.payment_status === "failed") return { kind: "failed", status };
  return null;
}

function isCheckoutStatus(value: unknown): value is CheckoutStatus {
  return (
    !!value &&
    typeof value === "object" &&
    typeof (value as CheckoutStatus).status === "string" &&
    typeof (value as CheckoutStatus).payment_status === "string"
  );
}

export function PaymentResult({
  sessionId,
  cancelled,
  payoutDays,
}: {
  sessionId: string | null;
  cancelled: boolean;
  /** Days after the handover the seller is paid (the "what happens next" copy). */
  payoutDays: number;
}) {
  const t = useTranslations("paymentResult");
  const router = useRouter();
  const [outcome, setOutcome] = React.useState<Outcome>(() =>
    !sessionId ? { kind: "leaving" } : cancelled ? { kind: "cancelling" } : { kind: "checking" },
  );

  // React's strict mode mounts, unmounts and mounts again: `started` keeps the checks to
  // one run, `alive` stops it only when the page is really left.
  const started = React.useRef(false);
  const alive = React.useRef(true);
  React.useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  React.useEffect(() => {
    if (started.current) return;
    started.current = true;

    if (!sessionId) {
      toast.error(t("failedTitle"));
      router.replace("/browse");
      return;
    }
    const id = encodeURIComponent(sessionId);

    if (cancelled) {
      void apiResult<unknown>(`/api/payments/cancel-checkout/${id}`, { method: "POST" }).then((result) => {
        if (!alive.current) return;
        // Paid after all (the buyer came back through an old cancel link): say so.
        const paid = result.ok && isCheckoutStatus(result.data) && result.data.payment_status === "paid";
        const status = result.ok && isCheckoutStatus(result.data) ? result.data : null;
        setOutcome(paid ? { kind: "success", status: status! } : { kind: "cancelled", status });
      });
      return;
    }

    let attempt = 0;
    const check = async () => {
      attempt += 1;
      const result = await apiResult<unknown>(`/api/payments/checkout-status/${id}`);
      if (!alive.current) return;
      if (!result.ok || !isCheckoutStatus(result.data)) {
        setOutcome({ kind: "error" });
        toast.error(t("errorTitle"));
        return;
      }
      const final = outcomeOf(result.data);
      if (final) {
        setOutcome(final);
        if (final.kind === "failed") toast.error(t("failedTitle"));
      } else if (attempt >= STATUS_POLL_ATTEMPTS) {
        setOutcome({ kind: "timeout" });
      } else {
        window.setTimeout(() => {
          if (alive.current) void check();
        }, STATUS_POLL_INTERVAL_MS);
      }
    };
    void check();
  }, [sessionId, cancelled, router, t]);

  return (
    <div data-testid="payment-result" data-outcome={outcome.kind}>
      {/* Screen readers hear each change of the check's state once, briefly. */}
      <p role="status" aria-live="polite" className="sr-only">
        {t(ANNOUNCEMENT[outcome.kind])}
      </p>
      <OutcomeCard outcome={outcome} payoutDays={payoutDays} />
    </div>
  );
}

const ANNOUNCEMENT = {
  checking: "checking",
  cancelling: "cancelling",
  leaving: "failedTitle",
  success: "successTitle",
  failed: "failedTitle",
  cancelled: "cancelledTitle",
  timeout: "timeoutText",
  error: "errorTitle",
} as const satisfies Record<Outcome["kind"], string>;

function OutcomeCard({ outcome, payoutDays }: { outcome: Outcome; payoutDays: number }) {
  const t = useTranslations("paymentResult");
  const formatter = useFormatter();

  switch (outcome.kind) {
    case "checking":
    case "cancelling":
    case "leaving":
      return (
        <section
          className="flex flex-col items-center rounded-2xl border bg-card px-6 py-14 text-center shadow-sm"
          data-testid="payment-checking"
          aria-busy="true"
        >
          <Spinner className="size-10 text-primary" />
          <h1 className="mt-5 text-xl font-semibold">
            {outcome.kind === "cancelling" ? t("cancelling") : t("checking")}
          </h1>
          {outcome.kind === "checking" ? (
            <p className="mt-2 max-w-sm text-sm text-muted-foreground">{t("checkingText")}</p>
          ) : null}
        </section>
      );

    case "success": {
      const { status } = outcome;
      const orders = status.transaction_ids?.length ?? 0;
      return (
        <ResultCard icon={CheckCircle2Icon} tone="success" title={t("successTitle")} text={t("successText")} testId="payment-success">
          <dl className="mt-6 divide-y rounded-xl border text-left text-sm">
            <div className="flex justify-between gap-4 px-4 py-3">
              <dt className="text-muted-foreground">{t("total")}</dt>
              <dd className="font-semibold tabular-nums" data-testid="payment-total">
                {money(formatter, status.amount_total)}
              </dd>
            </div>
            <div className="flex justify-between gap-4 px-4 py-3">
              <dt className="text-muted-foreground">{t("status")}</dt>
              <dd className="font-medium text-primary" data-testid="payment-status">
                {t("paid")}
              </dd>
            </div>
            {status.transaction_id ? (
              <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3">
                <dt className="text-muted-foreground">{t("transactionId")}</dt>
                <dd className="min-w-0 text-right">
                  <code className="font-mono text-xs break-all" data-testid="payment-transaction-id">
                    {status.transaction_id}
                  </code>
                  {orders > 1 ? (
                    <span className="block text-xs text-muted-foreground">{t("orderCount", { count: orders })}</span>
                  ) : null}
                </dd>
              </div>
            ) : null}
          </dl>
          <div className="mt-6 rounded-xl bg-secondary/60 p-4 text-left">
            <h2 className="font-semibold">{t("nextTitle")}</h2>
            <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm">
              <li>{t("nextSeller")}</li>
              <li>{t("nextCode")}</li>
              <li>{t("nextPickup")}</li>
              <li>{t("nextPayout", { days: payoutDays })}</li>
            </ol>
          </div>
          <Actions>
            <Button asChild>
              <Link href="/orders" data-testid="payment-view-orders">
                {t("viewOrders")}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/browse">{t("continueShopping")}</Link>
            </Button>
          </Actions>
        </ResultCard>
      );
    }

    case "failed":
    case "cancelled":
      return (
        <ResultCard
          icon={XCircleIcon}
          tone={outcome.kind === "failed" ? "danger" : "neutral"}
          title={outcome.kind === "failed" ? t("failedTitle") : t("cancelledTitle")}
          text={outcome.kind === "failed" ? t("failedText") : t("cancelledText")}
          testId={outcome.kind === "failed" ? "payment-failed" : "payment-cancelled"}
        >
          <TryAgain status={outcome.status} />
        </ResultCard>
      );

    case "timeout":
    case "error":
      return (
        <ResultCard
          icon={outcome.kind === "timeout" ? ClockIcon : AlertTriangleIcon}
          tone="warning"
          title={outcome.kind === "timeout" ? t("timeoutTitle") : t("errorTitle")}
          text={outcome.kind === "timeout" ? t("timeoutText") : t("errorText")}
          testId={outcome.kind === "timeout" ? "payment-timeout" : "payment-error"}
        >
          <Actions>
            <Button asChild>
              <Link href="/orders">{t("viewOrders")}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/browse">{t("backToBrowse")}</Link>
            </Button>
          </Actions>
        </ResultCard>
      );
  }
}

/**
 * The ways on after a failed or cancelled payment: try again (the same checkout while the
 * provider still takes it, else the item, or the cart for several), back to the item,
 * and the catalogue.
 */
function TryAgain({ status }: { status: CheckoutStatus | null }) {
  const t = useTranslations("paymentResult");
  const products = status?.products ?? [];
  const item = products.length === 1 ? products[0]! : null;
  const fresh = item ? `/product/${item.id}` : products.length > 1 ? "/cart" : "/browse";
  return (
    <Actions>
      {status?.checkout_url ? (
        <Button asChild>
          {/* The provider's page: a full page load, not a client route. */}
          <a href={status.checkout_url} data-testid="payment-retry" data-retry="checkout">
            {t("tryAgain")}
          </a>
        </Button>
      ) : (
        <Button asChild>
          <Link href={fresh} data-testid="payment-retry" data-retry="item">
            {t("tryAgain")}
          </Link>
        </Button>
      )}
      {item ? (
        <Button asChild variant="outline">
          <Link href={`/product/${item.id}`} className="max-w-full" data-testid="payment-back-to-item">
            <span className="truncate">{t("backToItem", { title: item.title })}</span>
          </Link>
        </Button>
      ) : products.length > 1 ? (
        <Button asChild variant="outline">
          <Link href="/cart" data-testid="payment-back-to-item">
            {t("backToCart")}
          </Link>
        </Button>
      ) : null}
      <Button asChild variant="ghost">
        <Link href="/browse">{t("backToBrowse")}</Link>
      </Button>
    </Actions>
  );
}

const TONES = {
  success: "bg-primary/10 text-primary",
  danger: "bg-destructive/10 text-destructive",
  warning: "bg-warm/15 text-[oklch(0.45_0.12_45)]",
  neutral: "bg-muted text-muted-foreground",
} as const;

function ResultCard({
  icon: Icon,
  tone,
  title,
  text,
  testId,
  children,
}: {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  title: string;
  text: string;
  testId: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="rounded-2xl border bg-card px-6 py-10 text-center shadow-sm sm:px-8" data-testid={testId}>
      <span className={cn("mx-auto flex size-16 items-center justify-center rounded-full", TONES[tone])}>
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mx-auto mt-2 max-w-md text-muted-foreground">{text}</p>
      {children}
    </section>
  );
}

function Actions({ children }: { children: React.ReactNode }) {
  return <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>;
}

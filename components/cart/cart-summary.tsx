"use client";

import { useFormatter, useTranslations } from "next-intl";
import { InfoIcon, LockIcon, ShieldCheckIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/platform/utils";
import { money } from "@/lib/platform/i18n/formats";
import type { CartTotals } from "./cart-totals";

/**
 * The order summary: subtotal, platform fee and total of the available items, the
 * escrow promise and Checkout. Checkout is off while nothing can be paid, while an
 * unavailable item is still in the cart (the server pays for the whole cart and would
 * refuse) and while a checkout is starting.
 */
export function CartSummary({
  totals,
  claimHours,
  processing,
  onCheckout,
}: {
  totals: CartTotals;
  claimHours: number;
  processing: boolean;
  onCheckout: () => void;
}) {
  const t = useTranslations("cart");
  const formatter = useFormatter();
  const blocked = totals.count === 0 || totals.unavailableCount > 0;

  return (
    <aside
      aria-labelledby="cart-summary-title"
      className="space-y-5 rounded-2xl border bg-card p-5 shadow-sm sm:p-6 lg:sticky lg:top-20"
      data-testid="cart-summary"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="cart-summary-title" className="text-lg font-semibold">
          {t("summaryTitle")}
        </h2>
        <span className="text-sm text-muted-foreground" data-testid="cart-count">
          {t("itemCount", { count: totals.count })}
        </span>
      </div>
      <dl className="space-y-2.5 text-sm">
        <SummaryRow label={t("subtotal")} amount={money(formatter, totals.subtotalCents)} testId="cart-subtotal" />
        <SummaryRow label={t("fee")} amount={money(formatter, totals.feeCents)} testId="cart-fee" />
        <SummaryRow label={t("total")} amount={money(formatter, totals.totalCents)} testId="cart-total" total />
      </dl>

      {totals.unavailableCount > 0 ? (
        <p
          className="flex items-start gap-2 rounded-lg bg-warm/10 p-3 text-sm"
          data-testid="cart-unavailable-note"
          id="cart-unavailable-note"
        >
          <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("unavailableNote")}
        </p>
      ) : null}

      <Button
        size="lg"
        className="w-full"
        disabled={blocked || processing}
        aria-busy={processing || undefined}
        aria-describedby={totals.unavailableCount > 0 ? "cart-unavailable-note" : undefined}
        onClick={onCheckout}
        data-testid="cart-checkout"
      >
        {processing ? <Spinner className="text-current" /> : <LockIcon aria-hidden="true" />}
        {processing ? t("processing") : t("checkout")}
      </Button>

      <p className="flex items-start gap-2 text-xs text-muted-foreground" data-testid="cart-escrow">
        <ShieldCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        {t("escrow", { hours: claimHours })}
      </p>
    </aside>
  );
}

/** One line of the order summary; the total stands out. */
function SummaryRow({ label, amount, testId, total = false }: { label: string; amount: string; testId: string; total?: boolean }) {
  return (
    <div className={cn("flex justify-between gap-4", total && "border-t pt-3 text-base")}>
      <dt className={total ? "font-semibold" : "text-muted-foreground"}>{label}</dt>
      <dd className={cn("tabular-nums", total ? "font-bold text-primary" : "font-medium")} data-testid={testId}>
        {amount}
      </dd>
    </div>
  );
}

"use client";

/**
 * The dashboard's sales tab: the payout set-up, then what the seller sold (GET
 * /api/transactions?role=seller, newest first). While the handover is due the seller
 * enters the buyer's 6-digit pickup code (DECISIONS.md section 6: no code, no item) or
 * cancels the sale when the item is gone (the buyer gets a full refund). The server
 * decides which of these `order.actions` offers.
 */
import * as React from "react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "sonner";
import {
  BanIcon,
  CheckCircle2Icon,
  CircleAlertIcon,
  ClockIcon,
  KeyRoundIcon,
  PackageCheckIcon,
  RefreshCwIcon,
  RotateCcwIcon,
  TagIcon,
  type LucideIcon,
} from "lucide-react";
import { ConfirmDialog } from "@/components/orders/confirm-dialog";
import { postOrderAction, shortOrderId, type OrderJson } from "@/components/orders/order-api";
import { OrderProduct } from "@/components/orders/order-product";
import { noteKindOf, OrderStatusBadges, type NoteKind } from "@/components/orders/order-status";
import { isStale, useOrderErrorText } from "@/components/orders/use-order-error-text";
import { useOrderList } from "@/components/orders/use-order-list";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { formatDate, formatEuro } from "@/lib/format";
import { resolveLocale } from "@/lib/i18n/config";
import { cn } from "@/lib/utils";
import { Payouts } from "./payouts";

const PICKUP_CODE = /^\d{6}$/;

const NOTE_ICON: Record<NoteKind, LucideIcon> = {
  pending: ClockIcon,
  held: KeyRoundIcon,
  confirmed: PackageCheckIcon,
  disputed: CircleAlertIcon,
  completed: CheckCircle2Icon,
  cancelled: BanIcon,
  refunded: RotateCcwIcon,
};

export function Sales() {
  const t = useTranslations("sales");
  const list = useOrderList("seller");
  const headingId = React.useId();

  React.useEffect(() => {
    if (list.status === "error") toast.error(t("loadFailed"));
  }, [list.status, t]);

  return (
    <div className="space-y-6" data-testid="sales">
      <Payouts />

      <section aria-labelledby={headingId} className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={headingId} className="font-semibold">
            {t("listTitle")}
          </h3>
          {list.status === "ready" && list.orders.length > 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="sales-count">
              {t("count", { count: list.total })}
            </p>
          ) : null}
        </div>

        {list.status === "loading" ? (
          <div className="flex justify-center py-10" data-testid="sales-loading" aria-busy="true">
            <Spinner label={t("loading")} className="size-6" />
          </div>
        ) : null}

        {list.status === "error" ? (
          <div
            data-testid="sales-error"
            className="flex flex-col items-center rounded-xl border border-destructive/30 px-6 py-10 text-center"
          >
            <CircleAlertIcon aria-hidden="true" className="size-7 text-destructive" />
            <p className="mt-3 font-medium">{t("loadFailed")}</p>
            <Button variant="outline" className="mt-4" onClick={list.retry} data-testid="sales-retry">
              <RefreshCwIcon aria-hidden="true" />
              {t("retry")}
            </Button>
          </div>
        ) : null}

        {list.status === "ready" && list.orders.length === 0 ? (
          <div
            data-testid="sales-empty"
            className="flex flex-col items-center rounded-2xl border border-dashed px-6 py-14 text-center"
          >
            <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <TagIcon aria-hidden="true" className="size-7" />
            </span>
            <h4 className="mt-4 text-lg font-semibold">{t("emptyTitle")}</h4>
            <p className="mt-1 max-w-sm text-sm text-muted-foreground">{t("emptyText")}</p>
            <Button asChild className="mt-6">
              <Link href="/sell">{t("emptyAction")}</Link>
            </Button>
          </div>
        ) : null}

        {list.status === "ready" && list.orders.length > 0 ? (
          <ul className="space-y-4" aria-labelledby={headingId} data-testid="sales-list">
            {list.orders.map((order) => (
              <SaleCard key={order.id} order={order} onChange={list.replace} onStale={list.refresh} />
            ))}
          </ul>
        ) : null}

        {list.status === "ready" && list.hasMore ? (
          <div className="flex justify-center">
            <Button
              variant="outline"
              disabled={list.loadingMore}
              data-testid="sales-more"
              onClick={async () => {
                if (!(await list.loadMore())) toast.error(t("loadFailed"));
              }}
            >
              {list.loadingMore ? <Spinner className="text-current" /> : null}
              {t("loadMore")}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}

type SaleCardProps = { order: OrderJson; onChange: (order: OrderJson) => void; onStale: () => void };

function SaleCard({ order, onChange, onStale }: SaleCardProps) {
  const t = useTranslations("sales");
  const locale = resolveLocale(useLocale());
  const errorText = useOrderErrorText();
  const titleId = React.useId();
  const codeId = React.useId();
  const [code, setCode] = React.useState("");
  const [wrongCode, setWrongCode] = React.useState(false);
  const [busy, setBusy] = React.useState<"handover" | "seller_cancel" | null>(null);
  const [confirmingCancel, setConfirmingCancel] = React.useState(false);
  const codeInput = React.useRef<HTMLInputElement>(null);

  const can = (action: "handover" | "seller_cancel") => (order.actions as readonly string[]).includes(action);
  const note = noteKindOf(order);
  const NoteIcon = NOTE_ICON[note];
  const dateTime = { dateStyle: "long", timeStyle: "short" } as const;
  const complete = PICKUP_CODE.test(code);

  async function submitHandover(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete || busy) return;
    setBusy("handover");
    const result = await postOrderAction(order.id, "handover", { code });
    setBusy(null);
    if (result.ok) {
      setCode("");
      setWrongCode(false);
      onChange(result.order);
      toast.success(t("handover.success"));
      return;
    }
    toast.error(errorText(result.failure, t("handover.failed")));
    if (result.failure.code === "wrong_code" || result.failure.status === 400) {
      setWrongCode(true);
      codeInput.current?.focus();
      codeInput.current?.select();
    }
    if (isStale(result.failure)) onStale();
  }

  async function sellerCancel() {
    if (busy) return;
    setBusy("seller_cancel");
    const result = await postOrderAction(order.id, "seller-cancel");
    setBusy(null);
    if (result.ok) {
      setConfirmingCancel(false);
      onChange(result.order);
      toast.success(t("cancel.success"));
      return;
    }
    toast.error(errorText(result.failure, t("cancel.failed")));
    if (isStale(result.failure)) {
      setConfirmingCancel(false);
      onStale();
    }
  }

  const noteText =
    note === "confirmed"
      ? order.auto_release_at
        ? t("notes.confirmed", { date: formatDate(order.auto_release_at, locale, dateTime) })
        : t("notes.confirmedSoon")
      : t(`notes.${note}`);

  return (
    <li>
      <article
        aria-labelledby={titleId}
        data-testid="sale-card"
        data-order-id={order.id}
        data-status={order.status}
        data-delivery-status={order.delivery_status}
        className="space-y-4 rounded-xl border bg-card p-4 sm:p-5"
      >
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-0.5 text-sm">
            <p className="font-medium" data-testid="sale-short-id">
              {t("orderNumber", { id: shortOrderId(order.id) })}
            </p>
            <p className="text-muted-foreground">
              {t.rich("orderedOn", {
                date: () => (
                  <time dateTime={order.created_at} data-testid="sale-date">
                    {formatDate(order.created_at, locale, dateTime)}
                  </time>
                ),
              })}
            </p>
          </div>
          <OrderStatusBadges order={order} />
        </header>

        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <OrderProduct product={order.product} titleId={titleId} muted={order.status === "refunded"}>
            <p className="text-sm text-muted-foreground" data-testid="sale-buyer">
              {t("buyer", { name: order.buyer_name })}
            </p>
          </OrderProduct>
          <div className="shrink-0 text-left sm:text-right">
            <p className="text-sm text-muted-foreground">{t("youReceive")}</p>
            <p className="text-xl font-semibold tabular-nums" data-testid="sale-amount">
              {formatEuro(order.amount, locale)}
            </p>
          </div>
        </div>

        <p
          className={cn(
            "flex items-start gap-2 rounded-lg px-3 py-2 text-sm",
            note === "disputed" ? "bg-destructive/10" : note === "completed" ? "bg-secondary" : "bg-muted",
          )}
          data-testid="sale-note"
          data-note={note}
        >
          <NoteIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{noteText}</span>
        </p>

        {note === "disputed" && order.dispute_notes ? (
          <figure className="space-y-1 text-sm">
            <figcaption className="font-medium">{t("disputeNotes")}</figcaption>
            <blockquote className="border-l-2 border-destructive/40 pl-3 break-words whitespace-pre-line text-muted-foreground">
              {order.dispute_notes}
            </blockquote>
          </figure>
        ) : null}

        {can("handover") || can("seller_cancel") ? (
          <div className="flex flex-col gap-4 border-t pt-4 md:flex-row md:items-end md:justify-between">
            {can("handover") ? (
              <form onSubmit={submitHandover} noValidate className="space-y-2" data-testid="handover-form">
                <Label htmlFor={codeId}>{t("handover.label")}</Label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Input
                    ref={codeInput}
                    id={codeId}
                    name="code"
                    value={code}
                    onChange={(event) => {
                      setCode(event.target.value.replace(/\D/g, "").slice(0, 6));
                      setWrongCode(false);
                    }}
                    inputMode="numeric"
                    pattern={"\\d{6}"}
                    maxLength={6}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="000000"
                    required
                    aria-invalid={wrongCode || undefined}
                    aria-describedby={`${codeId}-hint`}
                    readOnly={busy !== null}
                    data-testid="handover-code"
                    className="w-full font-mono text-lg tracking-[0.3em] tabular-nums sm:w-40"
                  />
                  <Button type="submit" disabled={!complete || busy !== null} aria-busy={busy === "handover"} data-testid="handover-submit">
                    {busy === "handover" ? <Spinner className="text-current" /> : <KeyRoundIcon aria-hidden="true" />}
                    {busy === "handover" ? t("handover.busy") : t("handover.submit")}
                  </Button>
                </div>
                <p id={`${codeId}-hint`} className={cn("text-xs", wrongCode ? "text-destructive" : "text-muted-foreground")}>
                  {wrongCode ? t("handover.wrong") : t("handover.hint")}
                </p>
              </form>
            ) : (
              <span />
            )}
            {can("seller_cancel") ? (
              <Button
                variant="outline"
                onClick={() => setConfirmingCancel(true)}
                disabled={busy !== null}
                data-testid="sale-cancel"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              >
                <BanIcon aria-hidden="true" />
                {t("cancel.action")}
              </Button>
            ) : null}
          </div>
        ) : null}
      </article>

      <ConfirmDialog
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        title={t("cancel.title")}
        description={t("cancel.text")}
        confirmLabel={t("cancel.confirm")}
        busyLabel={t("cancel.busy")}
        dismissLabel={t("dismiss")}
        busy={busy === "seller_cancel"}
        onConfirm={sellerCancel}
        destructive
        testId="sale-cancel-dialog"
      >
        <p className="rounded-lg bg-muted px-3 py-2 text-sm font-medium break-words">{order.product.title}</p>
      </ConfirmDialog>
    </li>
  );
}

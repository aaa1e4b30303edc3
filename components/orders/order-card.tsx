"use client";

/**
 * One of the buyer's orders (SPEC.md sections 2 "Orders page" and 4): short id, date,
 * product, status, price, fee and total; the pickup code and exact address while the
 * handover is due; a note for the state; and the actions the server offers in
 * `order.actions` (the server decides, the card only shows them).
 */
import * as React from "react";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "sonner";
import {
  BanIcon,
  CheckCircle2Icon,
  CircleAlertIcon,
  ClockIcon,
  KeyRoundIcon,
  MapPinIcon,
  PackageCheckIcon,
  RotateCcwIcon,
  ShieldCheckIcon,
  type LucideIcon,
} from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatDate, formatEuro } from "@/lib/format";
import { resolveLocale } from "@/lib/i18n/config";
import { cn } from "@/lib/utils";
import { ConfirmDialog } from "./confirm-dialog";
import { DisputeDialog } from "./dispute-dialog";
import { postOrderAction, shortOrderId, type OrderActionPath, type OrderJson } from "./order-api";
import { OrderProduct } from "./order-product";
import { noteKindOf, OrderStatusBadges, type NoteKind } from "./order-status";
import { isStale, useOrderErrorText } from "./use-order-error-text";

type BuyerAction = "confirm_delivery" | "dispute" | "cancel";


const NOTE_ICON: Record<NoteKind, LucideIcon> = {
  pending: ClockIcon,
  held: ShieldCheckIcon,
  confirmed: PackageCheckIcon,
  disputed: CircleAlertIcon,
  completed: CheckCircle2Icon,
  cancelled: BanIcon,
  refunded: RotateCcwIcon,
};

const NOTE_STYLE: Record<NoteKind, string> = {
  pending: "bg-warm/10 text-foreground",
  held: "bg-primary/5 text-foreground",
  confirmed: "bg-primary/5 text-foreground",
  disputed: "bg-destructive/10 text-foreground",
  completed: "bg-secondary text-secondary-foreground",
  cancelled: "bg-muted text-muted-foreground",
  refunded: "bg-muted text-foreground",
};

type OrderCardProps = {
  order: OrderJson;
  /** The updated order an action answered. */
  onChange: (order: OrderJson) => void;
  /** The order changed elsewhere (409): reload the list. */
  onStale: () => void;
};

export function OrderCard({ order, onChange, onStale }: OrderCardProps) {
  const t = useTranslations("orders");
  const locale = resolveLocale(useLocale());
  const errorText = useOrderErrorText();
  const titleId = React.useId();
  const [dialog, setDialog] = React.useState<BuyerAction | null>(null);
  const [busy, setBusy] = React.useState<BuyerAction | null>(null);

  const can = (action: BuyerAction) => (order.actions as readonly string[]).includes(action);
  const note = noteKindOf(order);
  const NoteIcon = NOTE_ICON[note];
  const dateTime = { dateStyle: "long", timeStyle: "short" } as const;
  const handoverDue = order.status === "held" && order.delivery_status === "pending";

  async function run(action: BuyerAction, path: OrderActionPath, body: unknown, texts: { success: string; failed: string }) {
    if (busy) return;
    setBusy(action);
    const result = await postOrderAction(order.id, path, body);
    setBusy(null);
    if (result.ok) {
      setDialog(null);
      onChange(result.order);
      toast.success(texts.success);
      return;
    }
    toast.error(errorText(result.failure, texts.failed));
    if (isStale(result.failure)) {
      setDialog(null);
      onStale();
    }
  }

  const confirmDelivery = () =>
    run(
      "confirm_delivery",
      "confirm-delivery",
      { transaction_id: order.id, confirmation_type: "delivered" },
      { success: t("confirmDelivery.success"), failed: t("confirmDelivery.failed") },
    );
  const raiseDispute = (notes: string) =>
    run(
      "dispute",
      "confirm-delivery",
      { transaction_id: order.id, confirmation_type: "dispute", notes },
      { success: t("dispute.success"), failed: t("dispute.failed") },
    );
  const cancel = () => run("cancel", "cancel", undefined, { success: t("cancel.success"), failed: t("cancel.failed") });

  const noteText = (() => {
    switch (note) {
      case "confirmed":
        return order.auto_release_at
          ? t("notes.confirmed", { date: formatDate(order.auto_release_at, locale, dateTime) })
          : t("notes.confirmedSoon");
      default:
        return t(`notes.${note}`);
    }
  })();

  return (
    <li>
      <article
        aria-labelledby={titleId}
        data-testid="order-card"
        data-order-id={order.id}
        data-status={order.status}
        data-delivery-status={order.delivery_status}
        className="space-y-5 rounded-2xl border bg-card p-5 shadow-sm sm:p-6"
      >
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-0.5">
            <p className="text-sm font-medium" data-testid="order-short-id">
              {t("orderNumber", { id: shortOrderId(order.id) })}
            </p>
            <p className="text-sm text-muted-foreground">
              {t.rich("placedOn", {
                date: () => (
                  <time dateTime={order.created_at} data-testid="order-date">
                    {formatDate(order.created_at, locale, dateTime)}
                  </time>
                ),
              })}
            </p>
          </div>
          <OrderStatusBadges order={order} />
        </header>

        <div className="flex flex-col gap-5 sm:flex-row sm:items-start sm:justify-between">
          <OrderProduct product={order.product} titleId={titleId} muted={order.status === "cancelled"}>
            <p className="text-sm text-muted-foreground">{t("seller", { name: order.seller_name })}</p>
          </OrderProduct>
          <dl
            className="grid shrink-0 grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm sm:min-w-56"
            data-testid="order-amounts"
          >
            <dt className="text-muted-foreground">{t("price")}</dt>
            <dd className="text-right tabular-nums" data-testid="order-price">
              {formatEuro(order.amount, locale)}
            </dd>
            <dt className="text-muted-foreground">{t("fee")}</dt>
            <dd className="text-right tabular-nums" data-testid="order-fee">
              {formatEuro(order.commission, locale)}
            </dd>
            <dt className="border-t pt-1 font-semibold">{t("total")}</dt>
            <dd className="border-t pt-1 text-right font-semibold tabular-nums" data-testid="order-total">
              {formatEuro(order.total_amount, locale)}
            </dd>
          </dl>
        </div>

        {handoverDue && (order.pickup_code || order.pickup_address) ? (
          <section
            aria-label={t("pickup.title")}
            className="grid gap-4 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:grid-cols-2"
            data-testid="order-pickup"
          >
            {order.pickup_code ? (
              <div className="space-y-1">
                <h3 className="flex items-center gap-2 text-sm font-semibold">
                  <KeyRoundIcon aria-hidden="true" className="size-4 text-primary" />
                  {t("pickup.code")}
                </h3>
                <p
                  className="font-mono text-4xl leading-tight font-bold tracking-[0.25em] tabular-nums"
                  data-testid="order-pickup-code"
                >
                  {order.pickup_code}
                </p>
                <p className="text-sm text-muted-foreground">{t("pickup.hint")}</p>
              </div>
            ) : null}
            {order.pickup_address ? (
              <div className="space-y-1">
                <h3 className="flex items-center gap-2 text-sm font-semibold">
                  <MapPinIcon aria-hidden="true" className="size-4 text-primary" />
                  {t("pickup.address")}
                </h3>
                <address className="text-sm break-words not-italic" data-testid="order-pickup-address">
                  {order.pickup_address}
                </address>
              </div>
            ) : null}
          </section>
        ) : null}

        <p
          className={cn("flex items-start gap-2 rounded-lg px-3 py-2 text-sm", NOTE_STYLE[note])}
          data-testid="order-note"
          data-note={note}
        >
          <NoteIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{noteText}</span>
        </p>

        {can("confirm_delivery") || can("dispute") || can("cancel") ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end" data-testid="order-actions">
            {can("dispute") ? (
              <Button
                variant="outline"
                onClick={() => setDialog("dispute")}
                disabled={busy !== null}
                data-testid="order-dispute"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              >
                <CircleAlertIcon aria-hidden="true" />
                {t("actions.dispute")}
              </Button>
            ) : null}
            {order.checkout_url ? (
              <Button asChild data-testid="order-continue-payment">
                <a href={order.checkout_url}>{t("actions.continuePayment")}</a>
              </Button>
            ) : null}
            {can("cancel") ? (
              <Button
                variant="outline"
                onClick={() => setDialog("cancel")}
                disabled={busy !== null}
                data-testid="order-cancel"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              >
                <BanIcon aria-hidden="true" />
                {t("actions.cancel")}
              </Button>
            ) : null}
            {can("confirm_delivery") ? (
              <Button onClick={() => setDialog("confirm_delivery")} disabled={busy !== null} data-testid="order-confirm-delivery">
                <PackageCheckIcon aria-hidden="true" />
                {t("actions.confirmDelivery")}
              </Button>
            ) : null}
          </div>
        ) : null}
      </article>

      <ConfirmDialog
        open={dialog === "confirm_delivery"}
        onOpenChange={(open) => setDialog(open ? "confirm_delivery" : null)}
        title={t("confirmDelivery.title")}
        description={t("confirmDelivery.text")}
        confirmLabel={t("confirmDelivery.confirm")}
        busyLabel={t("confirmDelivery.busy")}
        dismissLabel={t("dismiss")}
        busy={busy === "confirm_delivery"}
        onConfirm={confirmDelivery}
        testId="order-confirm-delivery-dialog"
      >
        <p className="rounded-lg bg-muted px-3 py-2 text-sm font-medium break-words">{order.product.title}</p>
      </ConfirmDialog>

      <ConfirmDialog
        open={dialog === "cancel"}
        onOpenChange={(open) => setDialog(open ? "cancel" : null)}
        title={t("cancel.title")}
        description={t("cancel.text")}
        confirmLabel={t("cancel.confirm")}
        busyLabel={t("cancel.busy")}
        dismissLabel={t("dismiss")}
        busy={busy === "cancel"}
        onConfirm={cancel}
        destructive
        testId="order-cancel-dialog"
      >
        <p className="rounded-lg bg-muted px-3 py-2 text-sm font-medium break-words">{order.product.title}</p>
      </ConfirmDialog>

      <DisputeDialog
        open={dialog === "dispute"}
        onOpenChange={(open) => setDialog(open ? "dispute" : null)}
        busy={busy === "dispute"}
        onSubmit={raiseDispute}
        productTitle={order.product.title}
      />
    </li>
  );
}

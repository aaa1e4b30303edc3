"use client";

/**
 * One of the buyer's orders: short id, date,
 * product, status, price, fee and total; the pickup code and exact address while the
 * handover is due; a note for the state; and the actions the server offers in
 * `order.actions` (the server decides, the card only shows them).
 */
import * as React from "react";
import { useFormatter, useTranslations } from "next-intl";
import { BanIcon, CircleAlertIcon, KeyRoundIcon, MapPinIcon, PackageCheckIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "./confirm-dialog";
import { DisputeDialog } from "./dispute-dialog";
import { OrderContact } from "./order-contact";
import { isShippingOrder, OrderShipping, shippingOf } from "./order-shipping";
import { OrderReturn } from "./order-return";
import type { OrderActionPath, OrderJson } from "./order-api";
import { DestructiveActionButton, OrderCancelDialog, OrderCardArticle, OrderCardNote, type OrderCardKind } from "./order-card-parts";
import type { NoteKind } from "./order-status";
import { useOrderAction } from "./use-order-action";

type BuyerAction = "confirm_delivery" | "dispute" | "cancel";

const ORDER_CARD: OrderCardKind = {
  testIdPrefix: "order",
  messages: "orders",
  dateKey: "placedOn",
  classes: { article: "space-y-5 rounded-2xl border bg-card p-5 shadow-sm sm:p-6", product: "gap-5" },
  // Under the /orders page's h1; the pickup details inside are h3.
  heading: "h2",
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
  const [dialog, setDialog] = React.useState<BuyerAction | null>(null);
  const { busy, can, run: runAction } = useOrderAction<BuyerAction>(order, { onChange, onStale });
  const shipped = isShippingOrder(order);
  const handoverDue = !shipped && order.status === "held" && order.delivery_status === "pending";

  const closeDialog = () => setDialog(null);
  const run = (action: BuyerAction, path: OrderActionPath, body: unknown, texts: { success: string; failed: string }) =>
    runAction(action, path, body, { ...texts, onSuccess: closeDialog, onStale: closeDialog });

  const confirmDelivery = () =>
    run(
      "confirm_delivery",
      "confirm-delivery",
      { transaction_id: order.id, confirmation_type: "delivered" },
      { success: t("confirmDelivery.success"), failed: t("confirmDelivery.failed") },
    );
  const raiseDispute = (notes: string, photos: string[]) =>
    run(
      "dispute",
      "confirm-delivery",
      { transaction_id: order.id, confirmation_type: "dispute", notes, ...(photos.length ? { photos } : {}) },
      { success: t("dispute.success"), failed: t("dispute.failed") },
    );
  const cancel = () =>
    run("cancel", "cancel", undefined, {
      success: order.status === "pending" ? t("cancel.successUnpaid") : t("cancel.success"),
      failed: t("cancel.failed"),
    });

  return (
    <li>
      <OrderCardArticle
        kind={ORDER_CARD}
        order={order}
        details={<p className="text-sm text-muted-foreground">{t("seller", { name: order.seller_name })}</p>}
        muted={order.status === "cancelled"}
        amounts={<OrderAmounts order={order} shipped={shipped} />}
      >
        {handoverDue && (order.pickup_code || order.pickup_address) ? <PickupDetails order={order} /> : null}

        {shipped ? <OrderShipping order={order} role="buyer" onChange={onChange} onStale={onStale} heading="h3" /> : null}

        <OrderReturn order={order} role="buyer" onChange={onChange} onStale={onStale} />

        <OrderCardNote kind={ORDER_CARD} order={order} noteClassName={(note) => NOTE_STYLE[note]} />

        {order.status !== "pending" ? <OrderContact order={order} /> : null}

        {can("confirm_delivery") || can("dispute") || can("cancel") ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end" data-testid="order-actions">
            {can("dispute") ? (
              <DestructiveActionButton
                icon={CircleAlertIcon}
                onClick={() => setDialog("dispute")}
                disabled={busy !== null}
                testId="order-dispute"
              >
                {shipped ? t("shipping.problem") : t("actions.dispute")}
              </DestructiveActionButton>
            ) : null}
            {order.checkout_url ? (
              <Button asChild data-testid="order-continue-payment">
                <a href={order.checkout_url}>{t("actions.continuePayment")}</a>
              </Button>
            ) : null}
            {can("cancel") ? (
              <DestructiveActionButton icon={BanIcon} onClick={() => setDialog("cancel")} disabled={busy !== null} testId="order-cancel">
                {t("actions.cancel")}
              </DestructiveActionButton>
            ) : null}
            {can("confirm_delivery") ? (
              <Button onClick={() => setDialog("confirm_delivery")} disabled={busy !== null} data-testid="order-confirm-delivery">
                <PackageCheckIcon aria-hidden="true" />
                {shipped ? t("shipping.confirm") : t("actions.confirmDelivery")}
              </Button>
            ) : null}
          </div>
        ) : null}
      </OrderCardArticle>

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
        productTitle={order.product.title}
      />

      <OrderCancelDialog
        kind={ORDER_CARD}
        order={order}
        open={dialog === "cancel"}
        onOpenChange={(open) => setDialog(open ? "cancel" : null)}
        busy={busy === "cancel"}
        onConfirm={cancel}
      />

      <DisputeDialog
        open={dialog === "dispute"}
        onOpenChange={(open) => setDialog(open ? "dispute" : null)}
        busy={busy === "dispute"}
        onSubmit={raiseDispute}
        productTitle={order.product.title}
        withPhotos={shipped}
      />
    </li>
  );
}

/** Price, fee, shipping (when it ships) and the total. */
function OrderAmounts({ order, shipped }: { order: OrderJson; shipped: boolean }) {
  const t = useTranslations("orders");
  const formatter = useFormatter();
  const shippingAmount = shippingOf(order).shipping_amount ?? 0;
  return (
    <dl
      className="grid shrink-0 grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm sm:min-w-56"
      data-testid="order-amounts"
    >
      <dt className="text-muted-foreground">{t("price")}</dt>
      <dd className="text-right tabular-nums" data-testid="order-price">
        {formatter.number(order.amount, "euro")}
      </dd>
      <dt className="text-muted-foreground">{t("fee")}</dt>
      <dd className="text-right tabular-nums" data-testid="order-fee">
        {formatter.number(order.commission, "euro")}
      </dd>
      {shipped ? (
        <>
          <dt className="text-muted-foreground">{t("shipping.shippingCost")}</dt>
          <dd className="text-right tabular-nums" data-testid="order-shipping-amount">
            {formatter.number(shippingAmount, "euro")}
          </dd>
        </>
      ) : null}
      <dt className="border-t pt-1 font-semibold">{t("total")}</dt>
      <dd className="border-t pt-1 text-right font-semibold tabular-nums" data-testid="order-total">
        {formatter.number(order.total_amount, "euro")}
      </dd>
    </dl>
  );
}

/** The pickup code to show the seller and where to pick the item up. */
function PickupDetails({ order }: { order: OrderJson }) {
  const t = useTranslations("orders");
  return (
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
  );
}

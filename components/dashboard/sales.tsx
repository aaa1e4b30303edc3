"use client";

/**
 * The dashboard's sales tab: the payout set-up, then what the seller sold (GET
 * /api/transactions?role=seller, newest first). While the handover is due the seller
 * enters the buyer's 6-digit pickup code (docs/payments.md: no code, no item) or
 * cancels the sale when the item is gone (the buyer gets a full refund). The server
 * decides which of these `order.actions` offers.
 */
import { StartConversationButton } from "@/components/messaging/start-conversation-button";
import * as React from "react";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { BanIcon, KeyRoundIcon, TagIcon } from "lucide-react";
import type { OrderJson } from "@/components/orders/order-api";
import { DisputePhotoLinks } from "@/components/orders/dispute-photo-links";
import { DestructiveActionButton, OrderCancelDialog, OrderCardArticle, OrderCardNote, type OrderCardKind } from "@/components/orders/order-card-parts";
import { OrderListMore, OrderListPending } from "@/components/orders/order-list-parts";
import { noteKindOf } from "@/components/orders/order-status";
import { isShippingOrder, OrderShipping } from "@/components/orders/order-shipping";
import { OrderReturn } from "@/components/orders/order-return";
import { useOrderAction } from "@/components/orders/use-order-action";
import { useOrderList } from "@/components/orders/use-order-list";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/platform/utils";
import { Payouts } from "./payouts";

const PICKUP_CODE = /^\d{6}$/;

const SALE_CARD: OrderCardKind = {
  testIdPrefix: "sale",
  messages: "sales",
  dateKey: "orderedOn",
  classes: { article: "space-y-4 rounded-xl border bg-card p-4 sm:p-5", product: "gap-4" },
  // Under the sales list's h3.
  heading: "h4",
};

export function Sales() {
  const t = useTranslations("sales");
  const list = useOrderList("seller");
  const headingId = React.useId();

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

        <OrderListPending list={list} messages="sales" size="section" />

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

        <OrderListMore list={list} messages="sales" />
      </section>
    </div>
  );
}

type SaleAction = "handover" | "seller_cancel";

type SaleCardProps = { order: OrderJson; onChange: (order: OrderJson) => void; onStale: () => void };

function SaleCard({ order, onChange, onStale }: SaleCardProps) {
  const t = useTranslations("sales");
  const formatter = useFormatter();
  const [confirmingCancel, setConfirmingCancel] = React.useState(false);
  const { busy, can, run } = useOrderAction<SaleAction>(order, { onChange, onStale });

  const closeCancel = () => setConfirmingCancel(false);
  const sellerCancel = () =>
    run("seller_cancel", "seller-cancel", undefined, {
      success: t("cancel.success"),
      failed: t("cancel.failed"),
      onSuccess: closeCancel,
      onStale: closeCancel,
    });

  return (
    <li>
      <OrderCardArticle
        kind={SALE_CARD}
        order={order}
        details={
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-muted-foreground" data-testid="sale-buyer">
              {t("buyer", { name: order.buyer_name })}
            </p>
            <StartConversationButton
              variant="buyer"
              productId={order.product_id}
              productTitle={order.product.title}
              recipientId={order.buyer_id}
              recipientName={order.buyer_name}
            />
          </div>
        }
        muted={order.status === "refunded"}
        amounts={
          <div className="shrink-0 text-left sm:text-right">
            {/* Refunded: nothing comes to the seller; after a partial refund, the rest. */}
            <p className="text-sm text-muted-foreground">{order.status === "refunded" ? t("refundedToBuyer") : t("youReceive")}</p>
            <p className="text-xl font-semibold tabular-nums" data-testid="sale-amount">
              {formatter.number(order.status === "refunded" ? 0 : order.amount - (order.partial_refund ?? 0), "euro")}
            </p>
          </div>
        }
      >
        {isShippingOrder(order) ? <OrderShipping order={order} role="seller" onChange={onChange} onStale={onStale} heading="h5" /> : null}
        <OrderReturn order={order} role="seller" onChange={onChange} onStale={onStale} />

        <OrderCardNote
          kind={SALE_CARD}
          order={order}
          noteClassName={(note) => (note === "disputed" ? "bg-destructive/10" : note === "completed" ? "bg-secondary" : "bg-muted")}
          icons={{ held: KeyRoundIcon }}
        />

        {noteKindOf(order) === "disputed" && order.dispute_notes ? (
          <figure className="space-y-1 text-sm">
            <figcaption className="font-medium">{t("disputeNotes")}</figcaption>
            <blockquote className="border-l-2 border-destructive/40 pl-3 break-words whitespace-pre-line text-muted-foreground">
              {order.dispute_notes}
            </blockquote>
            <DisputePhotoLinks photos={order.dispute_photos} alt={(number) => t("disputePhoto", { number })} testId="sale-dispute-photos" />
          </figure>
        ) : null}

        {can("handover") || can("seller_cancel") ? (
          <div className="flex flex-col gap-4 border-t pt-4 md:flex-row md:items-end md:justify-between">
            {can("handover") ? (
              <HandoverForm busy={busy} run={run} />
            ) : (
              <span />
            )}
            {can("seller_cancel") ? (
              <DestructiveActionButton icon={BanIcon} onClick={() => setConfirmingCancel(true)} disabled={busy !== null} testId="sale-cancel">
                {t("cancel.action")}
              </DestructiveActionButton>
            ) : null}
          </div>
        ) : null}
      </OrderCardArticle>

      <OrderCancelDialog
        kind={SALE_CARD}
        order={order}
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        busy={busy === "seller_cancel"}
        onConfirm={sellerCancel}
      />
    </li>
  );
}

/** The seller types the buyer's pickup code at the handover. */
function HandoverForm({ busy, run }: Pick<ReturnType<typeof useOrderAction<SaleAction>>, "busy" | "run">) {
  const t = useTranslations("sales");
  const codeId = React.useId();
  const [code, setCode] = React.useState("");
  const [wrongCode, setWrongCode] = React.useState(false);
  const codeInput = React.useRef<HTMLInputElement>(null);
  const complete = PICKUP_CODE.test(code);

  async function submitHandover(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete || busy) return;
    await run("handover", "handover", { code }, {
      success: t("handover.success"),
      failed: t("handover.failed"),
      onSuccess: () => {
        setCode("");
        setWrongCode(false);
      },
      onFailure: (failure) => {
        if (failure.code === "wrong_code" || failure.status === 400) {
          setWrongCode(true);
          codeInput.current?.focus();
          codeInput.current?.select();
        }
      },
    });
  }

  return (
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
  );
}

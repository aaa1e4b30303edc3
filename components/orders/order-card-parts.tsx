"use client";

/**
 * What the buyer's order card (order-card.tsx) and the seller's sale card
 * (components/dashboard/sales.tsx) have in common: the article with its header (short
 * id, date, status badges) and product, the note for the order's state, the cancel
 * dialog and the destructive action button. An OrderCardKind says where each card's
 * texts are, how its test ids start and how it is spaced. Running the actions is
 * useOrderAction (use-order-action.ts).
 */
import * as React from "react";
import { useLocale, useTranslations } from "next-intl";
import {
  BanIcon,
  CheckCircle2Icon,
  CircleAlertIcon,
  ClockIcon,
  PackageCheckIcon,
  RotateCcwIcon,
  ShieldCheckIcon,
  type LucideIcon,
} from "lucide-react";
import { Button } from "@/components/ui/button";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { cn } from "@/lib/platform/utils";
import { ConfirmDialog } from "./confirm-dialog";
import { shortOrderId, type OrderJson } from "./order-api";
import type { OrderShipping } from "@/components/shipping/types";
import { OrderProduct } from "./order-product";
import { noteKindOf, OrderStatusBadges, type NoteKind } from "./order-status";

/**
 * What tells the buyer's order card and the seller's sale card apart, besides their
 * contents: where their texts are, how their test ids start and their spacing.
 */
export type OrderCardKind = {
  /** The start of the card's test ids: `${prefix}-card`, `${prefix}-short-id`, … */
  testIdPrefix: "order" | "sale";
  /** The namespace of the card's texts. */
  messages: "orders" | "sales";
  /** The rich text for the date the order was placed, with a `<date>` tag. */
  dateKey: string;
  /** Classes of the article, and the gap between the product and the amounts. */
  classes: { article: string; product: string };
  /** The product title's heading level: one below the list's heading. */
  heading: "h2" | "h3" | "h4";
};

/** How a card shows dates and times. */
const ORDER_DATE_TIME = { dateStyle: "long", timeStyle: "short" } as const;

const NOTE_ICON: Record<NoteKind, LucideIcon> = {
  pending: ClockIcon,
  held: ShieldCheckIcon,
  confirmed: PackageCheckIcon,
  disputed: CircleAlertIcon,
  completed: CheckCircle2Icon,
  cancelled: BanIcon,
  refunded: RotateCcwIcon,
};

/**
 * The card's article, labelled by the product title, with the order's states as data
 * attributes. It opens with the header (short id, date, status badges) and the product
 * (thumbnail, title and `details`) beside the `amounts`; the rest of the card follows.
 */
export function OrderCardArticle({
  kind,
  order,
  details,
  muted,
  amounts,
  children,
}: {
  kind: OrderCardKind;
  order: OrderJson;
  /** Under the product's title. */
  details: React.ReactNode;
  /** Grey the product's thumbnail out. */
  muted: boolean;
  /** Beside the product. */
  amounts: React.ReactNode;
  children: React.ReactNode;
}) {
  const titleId = React.useId();
  return (
    <article
      aria-labelledby={titleId}
      data-testid={`${kind.testIdPrefix}-card`}
      data-order-id={order.id}
      data-status={order.status}
      data-delivery-status={order.delivery_status}
      data-delivery-method={(order as OrderJson & OrderShipping).delivery_method ?? "pickup"}
      data-shipment-status={(order as OrderJson & OrderShipping).shipment?.status ?? undefined}
      className={kind.classes.article}
    >
      <OrderCardHeader kind={kind} order={order} />
      <div className={cn("flex flex-col sm:flex-row sm:items-start sm:justify-between", kind.classes.product)}>
        <OrderProduct product={order.product} titleId={titleId} heading={kind.heading} muted={muted}>
          {details}
        </OrderProduct>
        {amounts}
      </div>
      {children}
    </article>
  );
}

/** Short order id and date, then the status badges. */
function OrderCardHeader({ kind, order }: { kind: OrderCardKind; order: OrderJson }) {
  const t = useTranslations(kind.messages);
  const locale = resolveLocale(useLocale());
  return (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div className="space-y-0.5">
        <p className="text-sm font-medium" data-testid={`${kind.testIdPrefix}-short-id`}>
          {t("orderNumber", { id: shortOrderId(order.id) })}
        </p>
        <p className="text-sm text-muted-foreground">
          {t.rich(kind.dateKey, {
            date: () => (
              <time dateTime={order.created_at} data-testid={`${kind.testIdPrefix}-date`}>
                {appFormatter(locale).dateTime(new Date(order.created_at), ORDER_DATE_TIME)}
              </time>
            ),
          })}
        </p>
      </div>
      <OrderStatusBadges order={order} />
    </header>
  );
}

/**
 * The note for the order's state (noteKindOf): an icon and `notes.{kind}` from the
 * card's namespace; a confirmed delivery names the date the money is released.
 */
export function OrderCardNote({
  kind,
  order,
  noteClassName,
  icons,
}: {
  kind: OrderCardKind;
  order: OrderJson;
  /** The note's colours for its kind. */
  noteClassName: (note: NoteKind) => string;
  /** Icons that differ from the defaults. */
  icons?: Partial<Record<NoteKind, LucideIcon>>;
}) {
  const t = useTranslations(kind.messages);
  const locale = resolveLocale(useLocale());
  const note = noteKindOf(order);
  const NoteIcon = icons?.[note] ?? NOTE_ICON[note];
  const text =
    note === "confirmed"
      ? order.auto_release_at
        ? t("notes.confirmed", { date: appFormatter(locale).dateTime(new Date(order.auto_release_at), ORDER_DATE_TIME) })
        : t("notes.confirmedSoon")
      : note === "held" && kind.messages === "sales" && (order as OrderJson & OrderShipping).delivery_method === "shipping"
        ? t("notes.heldShipping")
        : t(`notes.${note}`);

  return (
    <p
      className={cn("flex items-start gap-2 rounded-lg px-3 py-2 text-sm", noteClassName(note))}
      data-testid={`${kind.testIdPrefix}-note`}
      data-note={note}
    >
      <NoteIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}

/** An outline button in the destructive colour, for actions that undo or contest an order. */
export function DestructiveActionButton({
  icon: Icon,
  onClick,
  disabled,
  testId,
  children,
}: {
  icon: LucideIcon;
  onClick: () => void;
  disabled: boolean;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Button
      variant="outline"
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      className="text-destructive hover:bg-destructive/10 hover:text-destructive"
    >
      <Icon aria-hidden="true" />
      {children}
    </Button>
  );
}

/** "Cancel this order?" before the buyer's or the seller's cancel: `cancel.*` in the card's texts. */
export function OrderCancelDialog({
  kind,
  order,
  open,
  onOpenChange,
  busy,
  onConfirm,
}: {
  kind: OrderCardKind;
  order: OrderJson;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onConfirm: () => void;
}) {
  const t = useTranslations(kind.messages);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("cancel.title")}
      // Nothing was charged for an unpaid order: do not promise a refund.
      description={kind.messages === "orders" && order.status === "pending" ? t("cancel.textUnpaid") : t("cancel.text")}
      confirmLabel={t("cancel.confirm")}
      busyLabel={t("cancel.busy")}
      dismissLabel={t("dismiss")}
      busy={busy}
      onConfirm={onConfirm}
      destructive
      testId={`${kind.testIdPrefix}-cancel-dialog`}
      productTitle={order.product.title}
    />
  );
}

"use client";

/**
 * An order's return, partial refund and withdrawal (docs/returns.md), on the buyer's
 * order card and the seller's sale card: where the return is, its deadlines, the label
 * (the buyer's), and the actions the server offers in `order.actions`. Every decision
 * that moves money asks first, naming the amount and who gets it; the dialog's code is
 * loaded when it opens.
 */
import * as React from "react";
import dynamic from "next/dynamic";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { DownloadIcon, RotateCcwIcon, UndoIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { parsePriceInput } from "@/lib/platform/money/price-input";
import type { OrderActionPath, OrderJson } from "./order-api";
import { useOrderAction } from "./use-order-action";

const ConfirmDialog = dynamic(() => import("./confirm-dialog").then((m) => m.ConfirmDialog), { ssr: false });

type Action =
  | "withdraw"
  | "accept_partial_refund"
  | "refuse_partial_refund"
  | "accept_return_request"
  | "offer_partial_refund"
  | "accept_return"
  | "report_return_problem";

const PATHS: Record<Action, OrderActionPath> = {
  withdraw: "withdraw",
  accept_partial_refund: "partial-refund/accept",
  refuse_partial_refund: "partial-refund/refuse",
  accept_return_request: "return/accept-request",
  offer_partial_refund: "partial-refund",
  accept_return: "return/accept",
  report_return_problem: "return/problem",
};

const DEADLINE = { weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" } as const;

type Props = { order: OrderJson; role: "buyer" | "seller"; onChange: (order: OrderJson) => void; onStale: () => void };

export function OrderReturn({ order, role, onChange, onStale }: Props) {
  const t = useTranslations("orders.returns");
  const locale = resolveLocale(useLocale());
  const formatter = useFormatter();
  const { busy, can, run } = useOrderAction<Action>(order, { onChange, onStale });
  const [asking, setAsking] = React.useState<Action | null>(null);
  const [offerText, setOfferText] = React.useState("");
  const [problem, setProblem] = React.useState("");
  const ret = order.return;
  const euro = (amount: number) => formatter.number(amount, "euro");
  const date = (iso: string) => appFormatter(locale).dateTime(new Date(iso), DEADLINE);
  const offerCents = parsePriceInput(offerText, locale);
  const offerAmount = offerCents.ok ? offerCents.cents / 100 : null;

  const actions = (role === "buyer"
    ? (["withdraw", "accept_partial_refund", "refuse_partial_refund"] as const)
    : (["accept_return_request", "accept_return", "report_return_problem", "offer_partial_refund"] as const)
  ).filter((a) => can(a));
  if (!ret && actions.length === 0 && order.partial_refund === null) return null;

  // Who gets what, for the question before each decision.
  const question: Record<Action, { title: string; text: string; destructive?: boolean }> = {
    withdraw: {
      title: t("withdraw.title"),
      text: t("withdraw.text", {
        amount: euro(order.total_amount - (order.withdrawal?.return_shipping ?? 0)),
        label: euro(order.withdrawal?.return_shipping ?? 0),
      }),
    },
    accept_partial_refund: { title: t("partial.acceptTitle"), text: t("partial.acceptText", { amount: euro(order.partial_refund_offer ?? 0) }) },
    refuse_partial_refund: { title: t("partial.refuseTitle"), text: t("partial.refuseText"), destructive: true },
    accept_return_request: { title: t("acceptRequest.title"), text: t("acceptRequest.text", { amount: euro(order.total_amount) }) },
    offer_partial_refund: {
      title: t("partial.offerTitle"),
      text: t("partial.offerText", { amount: euro(offerAmount ?? 0), rest: euro(order.amount - (offerAmount ?? 0)) }),
    },
    accept_return: { title: t("accept.title"), text: t("accept.text", { amount: euro(ret?.refund.amount ?? 0) }) },
    report_return_problem: { title: t("problem.title"), text: t("problem.text"), destructive: true },
  };

  const body = (action: Action) =>
    action === "offer_partial_refund" ? { amount: offerAmount } : action === "report_return_problem" ? { description: problem, photos: [] } : undefined;
  const confirm = (action: Action) =>
    run(action, PATHS[action], body(action), { success: t(`done.${action}`), failed: t("failed"), onSuccess: () => setAsking(null), onStale: () => setAsking(null) });

  return (
    <section aria-label={t("heading")} className="space-y-3 rounded-xl border p-4" data-testid={`${role === "buyer" ? "order" : "sale"}-return`} data-return-status={ret?.status ?? ""}>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <RotateCcwIcon aria-hidden="true" className="size-4 text-primary" />
        {ret ? t(`reason.${ret.reason}`) : t("heading")}
      </h3>
      {ret ? <ReturnStatus ret={ret} role={role} /> : null}
      {order.partial_refund !== null ? <p className="text-sm">{t("partial.done", { amount: euro(order.partial_refund) })}</p> : null}
      {role === "buyer" && order.partial_refund_offer !== null && can("accept_partial_refund") ? (
        <p className="text-sm" data-testid="partial-offer">{t("partial.offered", { amount: euro(order.partial_refund_offer) })}</p>
      ) : null}
      {role === "buyer" && can("withdraw") && order.withdrawal ? (
        <p className="text-sm" data-testid="withdraw-until">
          {t("withdraw.until", { date: date(order.withdrawal.until), label: euro(order.withdrawal.return_shipping) })}
        </p>
      ) : null}
      {can("offer_partial_refund") ? (
        <div className="space-y-1.5">
          <Label htmlFor={`offer-${order.id}`}>{t("partial.amount")}</Label>
          <Input id={`offer-${order.id}`} inputMode="decimal" value={offerText} onChange={(e) => setOfferText(e.target.value)} className="max-w-40" data-testid="partial-amount" />
        </div>
      ) : null}
      {can("report_return_problem") ? (
        <div className="space-y-1.5">
          <Label htmlFor={`problem-${order.id}`}>{t("problem.describe")}</Label>
          <Textarea id={`problem-${order.id}`} rows={2} value={problem} onChange={(e) => setProblem(e.target.value)} data-testid="return-problem-text" />
        </div>
      ) : null}
      {actions.length ? (
        <div className="flex flex-wrap gap-2">
          {actions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={question[action].destructive ? "outline" : "default"}
              disabled={busy !== null || (action === "offer_partial_refund" && offerAmount === null) || (action === "report_return_problem" && !problem.trim())}
              onClick={() => setAsking(action)}
              data-testid={`return-${action}`}
            >
              {action === "withdraw" ? <UndoIcon aria-hidden="true" /> : null}
              {t(`buttons.${action}`)}
            </Button>
          ))}
        </div>
      ) : null}
      {asking ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => setAsking(open ? asking : null)}
          title={question[asking].title}
          description={question[asking].text}
          confirmLabel={t(`buttons.${asking}`)}
          busyLabel={t("busy")}
          dismissLabel={t("dismiss")}
          busy={busy === asking}
          onConfirm={() => confirm(asking)}
          destructive={question[asking].destructive}
          testId="return-confirm"
          productTitle={order.product.title}
        />
      ) : null}
    </section>
  );
}

/** The return under way: its state, tracking, deadlines, the refund and the label. */
function ReturnStatus({ ret, role }: { ret: NonNullable<OrderJson["return"]>; role: Props["role"] }) {
  const t = useTranslations("orders.returns");
  const locale = resolveLocale(useLocale());
  const formatter = useFormatter();
  const euro = (amount: number) => formatter.number(amount, "euro");
  const date = (iso: string) => appFormatter(locale).dateTime(new Date(iso), DEADLINE);
  return (
    <div className="space-y-1 text-sm">
      <p data-testid="return-status">{t(`status.${ret.status}`)}</p>
      <p className="text-muted-foreground">
        {t("tracking", { carrier: ret.shipment.carrier, code: ret.shipment.tracking_code })}
      </p>
      {ret.status === "label_created" ? <p>{t("handInBy", { date: date(ret.hand_in_by) })}</p> : null}
      {ret.status === "delivered" && ret.inspect_until ? <p>{t(role === "seller" ? "inspectSeller" : "inspectBuyer", { date: date(ret.inspect_until) })}</p> : null}
      <p data-testid="return-refund">
        {ret.refund.return_shipping > 0
          ? t("refundLess", { amount: euro(ret.refund.amount), label: euro(ret.refund.return_shipping) })
          : t("refund", { amount: euro(ret.refund.amount) })}
      </p>
      {ret.label_url ? (
        <Button asChild variant="outline" size="sm">
          <a href={ret.label_url} target="_blank" rel="noopener" data-testid="return-label">
            <DownloadIcon aria-hidden="true" />
            {t("label")}
          </a>
        </Button>
      ) : null}
    </div>
  );
}

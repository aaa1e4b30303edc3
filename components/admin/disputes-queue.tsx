"use client";

/**
 * /admin/disputes: the queue over GET /api/admin/disputes; release, refund or return with
 * a note (docs/returns.md). Each decision moves money, so it asks first, naming the
 * amount and who gets it (the dialog's code is loaded when it opens).
 */
import { useCallback, useEffect, useState } from "react";
import dynamic from "next/dynamic";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { OrderJson } from "@/lib/domains/orders/client";
import { api } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";
import { DisputePhotoLinks } from "@/components/orders/dispute-photo-links";
import { DisputeConversation } from "./dispute-conversation";
import { EmptyState, ErrorState, TableSkeleton } from "./table-parts";

const ConfirmDialog = dynamic(() => import("@/components/orders/confirm-dialog").then((m) => m.ConfirmDialog), { ssr: false });

type Resolution = "refund" | "release" | "return";

export function DisputesQueue() {
  const t = useTranslations("admin.disputes");
  const errorText = useErrorText();
  const format = useFormatter();
  const locale = resolveLocale(useLocale());
  const [orders, setOrders] = useState<OrderJson[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ order: OrderJson; resolution: Resolution } | null>(null);

  const load = useCallback(
    () =>
      api<OrderJson[]>("/api/admin/disputes?limit=100").then(
        (rows) => {
          setOrders(rows);
          setError(null);
        },
        (err: unknown) => setError(errorText(err, t("loadFailed"))),
      ),
    [t, errorText],
  );

  useEffect(() => {
    void load();
  }, [load]);

  async function resolve(order: OrderJson, resolution: Resolution) {
    setBusy(order.id);
    try {
      await api(`/api/admin/disputes/${order.id}/resolve`, { json: { resolution, note: notes[order.id] || null } });
      toast.success(resolution === "refund" ? t("refunded") : resolution === "release" ? t("released") : t("returnDone"));
      setAsking(null);
      await load();
    } catch (err) {
      toast.error(errorText(err, t("resolveFailed")));
    } finally {
      setBusy(null);
    }
  }

  if (error) return <ErrorState text={error} />;
  if (!orders) return <TableSkeleton />;
  if (orders.length === 0) return <EmptyState text={t("empty")} />;
  return (
    <ul className="space-y-4" data-testid="disputes-queue">
      {orders.map((order) => (
        <li key={order.id} className="space-y-3 rounded-2xl border bg-card p-4" data-testid="dispute-item" data-title={order.product.title}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <h2 className="font-semibold">{order.product.title}</h2>
              <p className="text-sm text-muted-foreground">
                {t("order", { id: order.id.slice(0, 8) })} · {format.number(order.total_amount, "euro")} · {t("parties", { buyer: order.buyer_name, seller: order.seller_name })}
              </p>
              {order.disputed_at ? (
                <p className="text-xs text-muted-foreground">{appFormatter(locale).dateTime(new Date(order.disputed_at), "dateTime")}</p>
              ) : null}
            </div>
            {order.flagged_for_admin ? <Badge variant="destructive">{t("chargeback")}</Badge> : <Badge variant="warm">{t("disputed")}</Badge>}
          </div>
          <div>
            <h3 className="text-sm font-medium">{t("description")}</h3>
            <p className="mt-1 whitespace-pre-wrap text-sm break-words">{order.dispute_notes || t("noDescription")}</p>
            <DisputePhotoLinks photos={order.dispute_photos} alt={(number) => t("photo", { number })} testId="dispute-photos" />
          </div>
          {order.return ? (
            <div data-testid="dispute-return">
              <p className="text-sm">{t("returnStatus", { status: order.return.status })}</p>
              {order.return.problem ? (
                <>
                  <h3 className="mt-2 text-sm font-medium">{t("sellerProblem")}</h3>
                  <p className="mt-1 whitespace-pre-wrap text-sm break-words">{order.return.problem.description}</p>
                  <DisputePhotoLinks photos={order.return.problem.photos} alt={(number) => t("photo", { number })} testId="dispute-return-photos" />
                </>
              ) : null}
            </div>
          ) : null}
          <div>
            <h3 className="mb-1 text-sm font-medium">{t("conversation")}</h3>
            <DisputeConversation orderId={order.id} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`note-${order.id}`}>{t("note")}</Label>
            <Textarea id={`note-${order.id}`} rows={2} value={notes[order.id] ?? ""} onChange={(e) => setNotes({ ...notes, [order.id]: e.target.value })} data-testid="dispute-note" />
          </div>
          <div className="flex flex-wrap gap-2">
            {!order.return ? (
              <Button variant="outline" disabled={busy === order.id} onClick={() => setAsking({ order, resolution: "return" })} data-testid="dispute-return-button">{t("returnButton")}</Button>
            ) : null}
            <Button variant="destructive" disabled={busy === order.id} onClick={() => setAsking({ order, resolution: "refund" })} data-testid="dispute-refund">{t("refund")}</Button>
            <Button disabled={busy === order.id} onClick={() => setAsking({ order, resolution: "release" })} data-testid="dispute-release">{t("release")}</Button>
          </div>
        </li>
      ))}
      {asking ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => setAsking(open ? asking : null)}
          title={t(`confirm.${asking.resolution}Title`)}
          description={
            asking.resolution === "release"
              ? t("confirm.releaseText", { seller: asking.order.seller_name, amount: format.number(asking.order.amount - (asking.order.partial_refund ?? 0), "euro") })
              : asking.resolution === "return"
                ? t("confirm.returnText", { amount: format.number(asking.order.total_amount, "euro") })
                : t(asking.order.return ? "confirm.refundReturnedText" : "confirm.refundText", { amount: format.number(asking.order.return?.refund.amount ?? asking.order.total_amount, "euro") })
          }
          confirmLabel={asking.resolution === "refund" ? t("refund") : asking.resolution === "release" ? t("release") : t("returnButton")}
          busyLabel={t("confirm.busy")}
          dismissLabel={t("confirm.dismiss")}
          busy={busy === asking.order.id}
          onConfirm={() => resolve(asking.order, asking.resolution)}
          destructive={asking.resolution === "refund"}
          testId="dispute-confirm"
          productTitle={asking.order.product.title}
        />
      ) : null}
    </ul>
  );
}

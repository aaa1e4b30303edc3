"use client";

/**
 * What a ticket names beside its text: the order it is about (with a link to the item),
 * and for staff the priority they set (PUT /api/admin/tickets/{id}/priority).
 */
import { useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { TICKET_PRIORITIES, type TicketOrderJson } from "@/lib/domains/support/client";
import { api } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";

export function TicketOrderLine({ order, staff }: { order: TicketOrderJson; staff: boolean }) {
  const t = useTranslations("support");
  const to = useTranslations("orders");
  return (
    <p className="mt-3 rounded-xl border bg-muted/40 px-3 py-2 text-sm" data-testid="ticket-order-line">
      <span className="font-medium">{t("aboutOrder", { id: order.id.slice(0, 8) })}</span>
      {" · "}
      <Link className="text-primary underline break-words" prefetch={false} href={`/product/${order.product_id}`}>
        {order.product_title}
      </Link>
      {" · "}
      {to(`status.${order.status}` as "status.held")}
      {staff ? ` · ${t(order.owner_role === "buyer" ? "ownerIsBuyer" : "ownerIsSeller")}` : null}
    </p>
  );
}

export function TicketPriorityControl({ ticketId, priority, onChanged }: { ticketId: string; priority: string; onChanged: () => void }) {
  const t = useTranslations("support");
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);

  async function change(next: string) {
    setBusy(true);
    try {
      await api(`/api/admin/tickets/${ticketId}/priority`, { method: "PUT", json: { priority: next } });
      toast.success(t("priorityUpdated"));
      onChanged();
    } catch (error) {
      toast.error(errorText(error, t("priorityFailed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 flex max-w-xs flex-col gap-1.5">
      <Label htmlFor={`priority-${ticketId}`}>{t("priorityLabel")}</Label>
      <NativeSelect id={`priority-${ticketId}`} value={priority} disabled={busy} onChange={(e) => void change(e.target.value)} data-testid="ticket-priority">
        {TICKET_PRIORITIES.map((p) => (
          <option key={p} value={p}>{t(`priority.${p}`)}</option>
        ))}
      </NativeSelect>
    </div>
  );
}

"use client";

/** /admin/tickets: every ticket, filtered by status; the selected one with the staff reply box. */
import { useCallback, useEffect, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { TicketStatusBadge } from "@/components/support/ticket-status-badge";
import { TicketThread } from "@/components/support/ticket-thread";
import type { TicketDetail, TicketJson } from "@/components/support/types";
import { TICKET_STATUSES } from "@/lib/domains/support/client";
import { api } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";
import { EmptyState, ErrorState, TableSkeleton } from "./table-parts";

export function TicketsAdmin() {
  const t = useTranslations("admin.tickets");
  const errorText = useErrorText();
  const ts = useTranslations("support");
  const dates = appFormatter(resolveLocale(useLocale()));
  const [status, setStatus] = useState("");
  const [tickets, setTickets] = useState<TicketJson[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [detail, setDetail] = useState<TicketDetail | null>(null);

  const load = useCallback(
    () =>
      api<TicketJson[]>(`/api/admin/tickets${status ? `?status=${status}` : ""}`).then(
        (rows) => {
          setTickets(rows);
          setError(null);
        },
        (err: unknown) => setError(errorText(err, t("loadFailed"))),
      ),
    [status, t, errorText],
  );

  const loadDetail = useCallback(
    () =>
      selected
        ? api<TicketDetail>(`/api/support/tickets/${selected}`).then(setDetail, (err: unknown) => setError(errorText(err, ts("detailFailed"))))
        : Promise.resolve(),
    [selected, ts, errorText],
  );

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    void loadDetail();
  }, [loadDetail]);

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
      <div className="space-y-4">
        <div className="flex max-w-xs flex-col gap-1.5">
          <Label htmlFor="ticket-filter">{t("filter")}</Label>
          <NativeSelect id="ticket-filter" value={status} onChange={(e) => setStatus(e.target.value)} data-testid="ticket-filter">
            <option value="">{t("all")}</option>
            {TICKET_STATUSES.map((s) => <option key={s} value={s}>{ts(`status.${s}`)}</option>)}
          </NativeSelect>
        </div>
        {error ? (
          <ErrorState text={error} />
        ) : !tickets ? (
          <TableSkeleton />
        ) : tickets.length === 0 ? (
          <EmptyState text={t("empty")} />
        ) : (
          <ul className="space-y-2" data-testid="admin-tickets">
            {tickets.map((ticket) => (
              <li key={ticket.id}>
                <button
                  type="button"
                  onClick={() => setSelected(ticket.id)}
                  aria-current={ticket.id === selected ? "true" : undefined}
                  className={`w-full rounded-xl border p-3 text-left hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none ${ticket.id === selected ? "border-primary bg-primary/5" : "bg-card"}`}
                  data-testid="admin-ticket"
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-medium break-words">{ticket.subject}</span>
                    <TicketStatusBadge status={ticket.status} />
                  </span>
                  <span className="mt-1 block text-xs text-muted-foreground">
                    {ticket.user_name} · {ts(`priority.${ticket.priority}` as "priority.medium")} · {dates.dateTime(new Date(ticket.created_at), "date")}
                    {ticket.order ? ` · ${ts("aboutOrder", { id: ticket.order.id.slice(0, 8) })}` : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        {detail ? (
          <TicketThread detail={detail} mode="staff" onChanged={() => { void loadDetail(); void load(); }} />
        ) : (
          <p className="rounded-2xl border border-dashed p-8 text-center text-sm text-muted-foreground">{t("selectHint")}</p>
        )}
      </div>
    </div>
  );
}

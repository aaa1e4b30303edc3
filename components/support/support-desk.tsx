"use client";

/**
 * /support: the caller's tickets with status badges, the new-ticket
 * form, and the selected ticket (?ticket=id) with its replies. Below `lg` one at a time
 * (docs/phone.md): the list, a ticket (?ticket=id) or the new-ticket
 * form (?new=1), so the browser's Back steps between them; the desktop shows all three.
 */
import { useCallback, useEffect, useState } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { ArrowLeftIcon, LifeBuoyIcon, PlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";
import { cn } from "@/lib/platform/utils";
import { NewTicketForm } from "./new-ticket-form";
import { TicketStatusBadge } from "./ticket-status-badge";
import { TicketThread } from "./ticket-thread";
import type { TicketDetail, TicketJson } from "./types";

export function SupportDesk() {
  const t = useTranslations("support");
  const errorText = useErrorText();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const selectedId = search.get("ticket");
  const isNew = !selectedId && search.get("new") === "1";
  const [tickets, setTickets] = useState<TicketJson[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [detail, setDetail] = useState<TicketDetail | null>(null);
  const [detailError, setDetailError] = useState<string | null>(null);

  const loadList = useCallback(
    () =>
      api<TicketJson[]>("/api/support/tickets").then(
        (rows) => {
          setTickets(rows);
          setListError(null);
        },
        (error: unknown) => setListError(errorText(error, t("loadFailed"))),
      ),
    [t, errorText],
  );

  const loadDetail = useCallback(
    () =>
      selectedId
        ? api<TicketDetail>(`/api/support/tickets/${selectedId}`).then(
            (body) => {
              setDetail(body);
              setDetailError(null);
            },
            (error: unknown) => {
              setDetail(null);
              setDetailError(errorText(error, t("detailFailed")));
            },
          )
        : Promise.resolve(),
    [selectedId, t, errorText],
  );

  useEffect(() => {
    void loadList();
  }, [loadList]);
  useEffect(() => {
    void loadDetail();
  }, [loadDetail]);

  const select = (id: string | null) => router.push(id ? `${pathname}?ticket=${id}` : pathname, { scroll: false });

  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <div className={cn("space-y-6", selectedId && "hidden lg:block")}>
        <section aria-labelledby="my-tickets-title" className={cn(isNew && "hidden lg:block")} data-testid="support-list">
          <div className="flex items-center justify-between gap-2">
            <h2 id="my-tickets-title" className="text-lg font-semibold">{t("myTickets")}</h2>
            <Button size="sm" className="lg:hidden" onClick={() => router.push(`${pathname}?new=1`, { scroll: false })} data-testid="support-new-ticket">
              <PlusIcon aria-hidden="true" />
              {t("newTicket")}
            </Button>
          </div>
          <TicketList tickets={tickets} error={listError} selectedId={selectedId} onSelect={select} />
        </section>
        <div className={cn(!isNew && "hidden lg:block")} data-testid="support-new">
          <Button variant="ghost" className="mb-3 lg:hidden" onClick={() => select(null)} data-testid="support-new-back">
            <ArrowLeftIcon aria-hidden="true" />
            {t("backToList")}
          </Button>
          <NewTicketForm
            onCreated={(ticket) => {
              void loadList();
              select(ticket.id);
            }}
          />
        </div>
      </div>
      <div className={cn(!selectedId && "hidden lg:block")} data-testid="support-detail">
        {selectedId ? (
          detailError ? (
            <p role="alert" className="text-sm text-destructive">{detailError}</p>
          ) : detail ? (
            <>
              <Button variant="ghost" className="mb-3" onClick={() => select(null)} data-testid="support-ticket-back">
                <ArrowLeftIcon aria-hidden="true" />
                {t("backToList")}
              </Button>
              <TicketThread detail={detail} mode="owner" onChanged={() => { void loadDetail(); void loadList(); }} />
            </>
          ) : (
            <Spinner />
          )
        ) : (
          <p className="rounded-2xl border border-dashed p-8 text-center text-sm text-muted-foreground">{t("selectHint")}</p>
        )}
      </div>
    </div>
  );
}

/** The user's tickets: loading, failed, empty, or one button per ticket. */
function TicketList({
  tickets,
  error,
  selectedId,
  onSelect,
}: {
  tickets: TicketJson[] | null;
  error: string | null;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const t = useTranslations("support");
  const dates = appFormatter(resolveLocale(useLocale()));
  return (
    <>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-destructive">{error}</p>
      ) : tickets === null ? (
        <div className="mt-3 space-y-2" aria-busy="true" aria-label={t("loading")}>
          {[0, 1, 2].map((i) => <div key={i} className="h-16 animate-pulse rounded-xl bg-muted" />)}
        </div>
      ) : tickets.length === 0 ? (
        <div className="mt-3 flex items-center gap-3 rounded-xl border border-dashed p-5 text-sm text-muted-foreground" data-testid="tickets-empty">
          <LifeBuoyIcon aria-hidden="true" className="size-5" /> {t("empty")}
        </div>
      ) : (
        <ul className="mt-3 space-y-2" data-testid="my-tickets">
          {tickets.map((ticket) => (
            <li key={ticket.id}>
              <button
                type="button"
                onClick={() => onSelect(ticket.id)}
                aria-current={ticket.id === selectedId ? "true" : undefined}
                className={`w-full rounded-xl border p-3 text-left transition-colors hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none ${ticket.id === selectedId ? "border-primary bg-primary/5" : "bg-card"}`}
                data-testid="my-ticket"
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-medium break-words">{ticket.subject}</span>
                  <TicketStatusBadge status={ticket.status} />
                </span>
                <span className="mt-1 block text-xs text-muted-foreground">
                  {dates.dateTime(new Date(ticket.created_at), "date")}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

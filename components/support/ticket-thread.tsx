"use client";

/**
 * One ticket with its replies ('Support Team' badge on staff replies) and the reply box;
 * used by /support (the owner, with a close button) and /admin/tickets (staff, with the
 * status buttons). Neither the reply box nor the close button shows on a closed ticket.
 */
import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { TICKET_MESSAGE_MAX } from "@/lib/domains/support/client";
import { api } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";
import { TicketOrderLine, TicketPriorityControl } from "./ticket-facts";
import { TicketStatusBadge } from "./ticket-status-badge";
import type { TicketDetail } from "./types";

type Props = {
  detail: TicketDetail;
  mode: "owner" | "staff";
  onChanged: () => void;
};

export function TicketThread({ detail, mode, onChanged }: Props) {
  const t = useTranslations("support");
  const errorText = useErrorText();
  const dates = appFormatter(resolveLocale(useLocale()));
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const { ticket, replies } = detail;
  const closed = ticket.status === "closed";

  async function send() {
    if (!message.trim()) return;
    setBusy(true);
    try {
      if (mode === "staff") {
        await api(`/api/admin/tickets/${ticket.id}/reply`, { json: { message } });
        toast.success(t("staffReplySent"));
      } else {
        await api(`/api/support/tickets/${ticket.id}/reply`, { json: { message } });
        toast.success(t("replySent"));
      }
      setMessage("");
      onChanged();
    } catch (error) {
      toast.error(errorText(error, t("replyFailed")));
    } finally {
      setBusy(false);
    }
  }

  async function close() {
    setBusy(true);
    try {
      await api(`/api/support/tickets/${ticket.id}/status`, { method: "PUT", json: { status: "closed" } });
      toast.success(t("closed"));
      onChanged();
    } catch (error) {
      toast.error(errorText(error, t("closeFailed")));
    } finally {
      setBusy(false);
    }
  }

  async function setStatus(status: "in_progress" | "resolved") {
    setBusy(true);
    try {
      await api(`/api/admin/tickets/${ticket.id}/status?status=${status}`, { method: "PUT" });
      toast.success(t("statusUpdated"));
      onChanged();
    } catch (error) {
      toast.error(errorText(error, t("statusFailed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="rounded-2xl border bg-card p-5" aria-labelledby="ticket-subject" data-testid="ticket-detail">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="ticket-subject" className="text-xl font-semibold break-words">{ticket.subject}</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {t(`category.${ticket.category}` as "category.other")} · {t(`priority.${ticket.priority}` as "priority.medium")} ·{" "}
            {dates.dateTime(new Date(ticket.created_at), "dateTime")}
            {mode === "staff" ? ` · ${ticket.user_name} (${ticket.user_email})` : ""}
          </p>
        </div>
        <TicketStatusBadge status={ticket.status} />
      </div>
      {ticket.order ? <TicketOrderLine order={ticket.order} staff={mode === "staff"} /> : null}
      {mode === "staff" ? <TicketPriorityControl ticketId={ticket.id} priority={ticket.priority} onChanged={onChanged} /> : null}
      <p className="mt-4 whitespace-pre-wrap break-words">{ticket.message}</p>

      <h3 className="mt-6 text-sm font-semibold">{t("replies")}</h3>
      <ReplyList replies={replies} />

      {closed ? (
        <p className="mt-6 text-sm text-muted-foreground" data-testid="ticket-closed-note">{t("closedNote")}</p>
      ) : (
        <div className="mt-6 space-y-2">
          <Label htmlFor={`reply-${ticket.id}`}>{mode === "staff" ? t("staffReplyLabel") : t("replyLabel")}</Label>
          <Textarea
            id={`reply-${ticket.id}`}
            value={message}
            maxLength={TICKET_MESSAGE_MAX}
            onChange={(e) => setMessage(e.target.value)}
            rows={4}
            data-testid="ticket-reply-input"
          />
          <p className="text-xs text-muted-foreground">{t("counter", { count: message.length, max: TICKET_MESSAGE_MAX })}</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={send} disabled={busy || !message.trim()} data-testid="ticket-reply-send">
              {t("sendReply")}
            </Button>
            {mode === "owner" ? (
              <Button variant="outline" onClick={close} disabled={busy} data-testid="ticket-close">
                {t("closeTicket")}
              </Button>
            ) : (
              <>
                <Button variant="outline" onClick={() => setStatus("in_progress")} disabled={busy || ticket.status === "in_progress"} data-testid="ticket-in-progress">
                  {t("markInProgress")}
                </Button>
                <Button variant="outline" onClick={() => setStatus("resolved")} disabled={busy || ticket.status === "resolved"} data-testid="ticket-resolved">
                  {t("markResolved")}
                </Button>
              </>
            )}
          </div>
        </div>
      )}
    </article>
  );
}

/** The replies, oldest first; a staff reply is marked as the support team's. */
function ReplyList({ replies }: { replies: TicketDetail["replies"] }) {
  const t = useTranslations("support");
  const dates = appFormatter(resolveLocale(useLocale()));
  return replies.length === 0 ? (
    <p className="mt-2 text-sm text-muted-foreground">{t("noReplies")}</p>
  ) : (
    <ol className="mt-2 space-y-3" data-testid="ticket-replies">
      {replies.map((reply) => (
        <li
          key={reply.id}
          className={`rounded-xl border p-3 ${reply.is_staff ? "border-primary/40 bg-primary/5" : "bg-muted/40"}`}
          data-testid="ticket-reply"
          data-staff={reply.is_staff}
        >
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {/* A staff reply's author_name is the API's fixed "Support Team" (English, for the
                apps): the page shows the translated badge instead, not both. */}
            {reply.is_staff ? <Badge data-testid="staff-badge">{t("supportTeam")}</Badge> : <span className="font-medium">{reply.author_name}</span>}
            <span className="text-muted-foreground">
              {dates.dateTime(new Date(reply.created_at), "dateTime")}
            </span>
          </div>
          <p className="mt-1 whitespace-pre-wrap break-words">{reply.message}</p>
        </li>
      ))}
    </ol>
  );
}

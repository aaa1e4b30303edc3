"use client";

/**
 * The new-ticket form: counters, category (default other); with the category "order" the
 * order it is about. Staff set the priority, so the form does not ask for one.
 */
import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { SUBJECT_MAX, TICKET_CATEGORIES, TICKET_MESSAGE_MAX } from "@/lib/domains/support/client";
import { api } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";
import { TicketOrderPicker } from "./ticket-order-picker";
import type { TicketJson } from "./types";

export function NewTicketForm({ onCreated }: { onCreated: (ticket: TicketJson) => void }) {
  const t = useTranslations("support");
  const errorText = useErrorText();
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [category, setCategory] = useState("other");
  const [orderId, setOrderId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!subject.trim() || !message.trim()) {
      setError(t("fillAllFields"));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const ticket = await api<TicketJson>("/api/support/tickets", { json: { subject, message, category, ...(category === "order" && orderId ? { order_id: orderId } : {}) } });
      toast.success(t("created"));
      setSubject("");
      setMessage("");
      setOrderId("");
      onCreated(ticket);
    } catch (err) {
      toast.error(errorText(err, t("createFailed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl border bg-card p-5" aria-labelledby="new-ticket-title" data-testid="new-ticket-form">
      <h2 id="new-ticket-title" className="text-lg font-semibold">{t("newTicket")}</h2>
      <div className="space-y-1.5">
        <Label htmlFor="ticket-subject">{t("subject")}</Label>
        <Input id="ticket-subject" value={subject} maxLength={SUBJECT_MAX} onChange={(e) => setSubject(e.target.value)} data-testid="ticket-subject" />
        <p className="text-xs text-muted-foreground">{t("counter", { count: subject.length, max: SUBJECT_MAX })}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="ticket-category">{t("categoryLabel")}</Label>
          <NativeSelect id="ticket-category" value={category} onChange={(e) => setCategory(e.target.value)} data-testid="ticket-category">
            {TICKET_CATEGORIES.map((c) => (
              <option key={c} value={c}>{t(`category.${c}`)}</option>
            ))}
          </NativeSelect>
        </div>
        {category === "order" ? <TicketOrderPicker value={orderId} onChange={setOrderId} /> : null}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="ticket-message">{t("message")}</Label>
        <Textarea id="ticket-message" rows={5} value={message} maxLength={TICKET_MESSAGE_MAX} onChange={(e) => setMessage(e.target.value)} data-testid="ticket-message" />
        <p className="text-xs text-muted-foreground">{t("counter", { count: message.length, max: TICKET_MESSAGE_MAX })}</p>
      </div>
      {error ? <p role="alert" className="text-sm text-destructive" data-testid="ticket-form-error">{error}</p> : null}
      <Button type="submit" disabled={busy} data-testid="ticket-submit">{t("submit")}</Button>
    </form>
  );
}

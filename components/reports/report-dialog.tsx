"use client";

/**
 * The report form (DSA art. 16): a reason, details and the good-faith statement, and for
 * a visitor their e-mail address; POST /api/reports, then a receipt by mail.
 */
import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { api } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";
import { DETAILS_MAX, MODERATION_CATEGORIES } from "@/lib/domains/reports/client";

type Props = { targetType: "listing" | "user" | "message"; targetId: string; visitor: boolean; onClose: () => void };

export function ReportDialog({ targetType, targetId, visitor, onClose }: Props) {
  const t = useTranslations("reports");
  const errorText = useErrorText();
  const [reason, setReason] = useState<string>("");
  const [details, setDetails] = useState("");
  const [email, setEmail] = useState("");
  const [goodFaith, setGoodFaith] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    if (!reason) {
      setError(t("chooseReason"));
      return;
    }
    if (visitor && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError(t("emailNeeded"));
      return;
    }
    if (!goodFaith) {
      setError(t("goodFaithNeeded"));
      return;
    }
    setBusy(true);
    try {
      await api("/api/reports", {
        json: { target_type: targetType, target_id: targetId, reason, details, good_faith: true, ...(visitor ? { reporter_email: email.trim() } : {}) },
        loginOn401: false,
      });
      toast.success(t("received"));
      onClose();
    } catch (err) {
      setError(errorText(err, t("failed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-w-md" data-testid="report-dialog">
        <DialogHeader>
          <DialogTitle>{t(`title.${targetType}`)}</DialogTitle>
          <DialogDescription>{t("intro")}</DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor="report-reason">{t("reasonLabel")}</Label>
          <NativeSelect id="report-reason" value={reason} onChange={(e) => setReason(e.target.value)} data-testid="report-reason">
            <option value="">{t("choose")}</option>
            {MODERATION_CATEGORIES.map((c) => <option key={c} value={c}>{t(`reason.${c}`)}</option>)}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="report-details">{t("detailsLabel")}</Label>
          <Textarea id="report-details" rows={4} maxLength={DETAILS_MAX} value={details} onChange={(e) => setDetails(e.target.value)} data-testid="report-details" />
        </div>
        {visitor ? (
          <div className="space-y-1.5">
            <Label htmlFor="report-email">{t("emailLabel")}</Label>
            <Input id="report-email" type="email" inputMode="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="report-email" />
            <p className="text-xs text-muted-foreground">{t("emailHint")}</p>
          </div>
        ) : null}
        <div className="flex items-start gap-2">
          <Checkbox id="report-good-faith" checked={goodFaith} onCheckedChange={(v) => setGoodFaith(v === true)} data-testid="report-good-faith" className="mt-0.5" />
          <Label htmlFor="report-good-faith" className="text-sm leading-snug font-normal">{t("goodFaith")}</Label>
        </div>
        {error ? <p role="alert" className="text-sm text-destructive">{error}</p> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>{t("cancel")}</Button>
          <Button onClick={submit} disabled={busy} data-testid="report-submit">{t("submit")}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

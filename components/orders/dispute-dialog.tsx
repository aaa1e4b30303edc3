"use client";

/**
 * Raise a dispute (SPEC.md section 5 "Dispute"): a description is required, so the
 * submit button stays disabled while it is blank; at most 2000 characters (the API's
 * limit, NOTES_MAX).
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { DialogProductTitle } from "./confirm-dialog";

export const DISPUTE_NOTES_MAX = 2000;

type DisputeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  /** Called with the trimmed description. */
  onSubmit: (notes: string) => void;
  productTitle: string;
};

export function DisputeDialog({ open, onOpenChange, busy, onSubmit, productTitle }: DisputeDialogProps) {
  const t = useTranslations("orders.dispute");
  const id = React.useId();
  const [notes, setNotes] = React.useState("");
  const blank = notes.trim() === "";

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
    >
      <DialogContent data-testid="order-dispute-dialog" className="max-w-lg">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!blank && !busy) onSubmit(notes.trim());
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("title")}</DialogTitle>
            <DialogDescription>{t("text")}</DialogDescription>
          </DialogHeader>
          <DialogProductTitle title={productTitle} />
          <div className="grid gap-2">
            <Label htmlFor={`${id}-notes`}>{t("label")}</Label>
            <Textarea
              id={`${id}-notes`}
              value={notes}
              onChange={(event) => setNotes(event.target.value.slice(0, DISPUTE_NOTES_MAX))}
              maxLength={DISPUTE_NOTES_MAX}
              placeholder={t("placeholder")}
              required
              aria-required="true"
              aria-describedby={`${id}-count`}
              disabled={busy}
              data-testid="order-dispute-notes"
            />
            <p id={`${id}-count`} className="text-right text-xs text-muted-foreground tabular-nums">
              {t("counter", { count: notes.length, max: DISPUTE_NOTES_MAX })}
            </p>
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={busy}
              data-testid="order-dispute-dismiss"
            >
              {t("dismiss")}
            </Button>
            <Button type="submit" variant="destructive" disabled={blank || busy} aria-busy={busy} data-testid="order-dispute-submit">
              {busy ? <Spinner className="text-current" /> : null}
              {busy ? t("busy") : t("submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

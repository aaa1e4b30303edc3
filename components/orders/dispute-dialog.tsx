"use client";

/**
 * Raise a dispute: a description is required, so the
 * submit button stays disabled while it is blank; at most 2000 characters (the API's
 * limit, NOTES_MAX). For a shipped order up to 5 photos too, uploaded through
 * the upload endpoint when sent (./dispute-photos.tsx).
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
import { toast } from "@/components/ui/toast";
import { DialogProductTitle } from "./confirm-dialog";
import { DisputePhotos, uploadDisputePhotos } from "./dispute-photos";

export const DISPUTE_NOTES_MAX = 2000;

type DisputeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  /** Called with the trimmed description and the uploaded photos' URLs. */
  onSubmit: (notes: string, photos: string[]) => void;
  productTitle: string;
  /** Offer photos (shipped orders). */
  withPhotos?: boolean;
};

export function DisputeDialog({ open, onOpenChange, busy: sending, onSubmit, productTitle, withPhotos }: DisputeDialogProps) {
  const t = useTranslations("orders.dispute");
  const shipping = useTranslations("orders.shipping");
  const id = React.useId();
  const [notes, setNotes] = React.useState("");
  const [files, setFiles] = React.useState<File[]>([]);
  const [uploading, setUploading] = React.useState(false);
  const busy = sending || uploading;
  const blank = notes.trim() === "";

  async function send() {
    if (blank || busy) return;
    if (!files.length) {
      onSubmit(notes.trim(), []);
      return;
    }
    setUploading(true);
    const urls = await uploadDisputePhotos(files);
    setUploading(false);
    if (urls === null) {
      toast.error(shipping("uploadFailed"));
      return;
    }
    onSubmit(notes.trim(), urls);
  }

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
            void send();
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
          {withPhotos ? <DisputePhotos files={files} onChange={setFiles} disabled={busy} /> : null}
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
              {uploading ? shipping("uploading") : busy ? t("busy") : t("submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

"use client";

/**
 * A yes/no question before an order action. A real
 * dialog rather than window.confirm: it is translated, styled and clickable in tests.
 * While the action runs the dialog stays open and cannot be dismissed.
 */
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  dismissLabel: string;
  busy: boolean;
  onConfirm: () => void;
  destructive?: boolean;
  /** `testId` on the dialog, `${testId}-confirm` and `${testId}-dismiss` on its buttons. */
  testId: string;
  /** The title of the order's product, shown under the question. */
  productTitle: string;
};

/** The product an order dialog is about, set off under the dialog's text. */
export function DialogProductTitle({ title }: { title: string }) {
  return <p className="rounded-lg bg-muted px-3 py-2 text-sm font-medium break-words">{title}</p>;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  dismissLabel,
  busy,
  onConfirm,
  destructive = false,
  testId,
  productTitle,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
    >
      <DialogContent role="alertdialog" data-testid={testId} className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogProductTitle title={productTitle} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy} data-testid={`${testId}-dismiss`}>
            {dismissLabel}
          </Button>
          <Button
            variant={destructive ? "destructive" : "default"}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
            data-testid={`${testId}-confirm`}
          >
            {busy ? <Spinner className="text-current" /> : null}
            {busy ? busyLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

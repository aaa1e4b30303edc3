"use client";

/**
 * The first-message dialog of ./start-conversation-button.tsx, loaded on the first click:
 * POST /api/conversations, 'Conversation started!' and on to /messages?c=<id>.
 */
import * as React from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { apiResult } from "@/components/lib/api-client";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";

type Props = {
  productId: string;
  productTitle: string;
  recipientId: string;
  recipientName: string;
  initialText: string;
  onClose: () => void;
  /** A 401: the session ended since the button was pressed. */
  onLoginRequired: () => void;
};

export default function StartConversationDialog({
  productId,
  productTitle,
  recipientId,
  recipientName,
  initialText,
  onClose,
  onLoginRequired,
}: Props) {
  const t = useTranslations("messaging");
  const router = useRouter();
  const [text, setText] = React.useState(initialText);
  const [busy, setBusy] = React.useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!text.trim() || busy) return;
    setBusy(true);
    // A 401 opens the login dialog here, with the reason (not the client's plain one).
    const result = await apiResult<{ id: string }>("/api/conversations", {
      json: { product_id: productId, recipient_id: recipientId, initial_message: text },
      loginOn401: false,
    });
    setBusy(false);
    if (!result.ok) {
      if (result.status === 401) {
        onClose();
        return onLoginRequired();
      }
      toast.error(t("startFailed"));
      return;
    }
    onClose();
    toast.success(t("started"));
    router.push(`/messages?c=${result.data.id}`);
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent data-testid="start-conversation-dialog">
        <form onSubmit={submit} className="space-y-4">
          <DialogHeader>
            <DialogTitle>{t("startTitle", { name: recipientName })}</DialogTitle>
            <DialogDescription>{t("startDescription", { title: productTitle })}</DialogDescription>
          </DialogHeader>
          <Textarea
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={2000}
            rows={4}
            aria-label={t("placeholder")}
            placeholder={t("placeholder")}
            data-testid="start-conversation-text"
            autoFocus
          />
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={!text.trim() || busy} aria-busy={busy || undefined} data-testid="start-conversation-submit">
              {busy ? <Spinner className="text-current" /> : null}
              {t("startSubmit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

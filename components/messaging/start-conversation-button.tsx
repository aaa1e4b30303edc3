"use client";

/**
 * Contact Seller on the product page and "Message buyer" on a sale: a small dialog with
 * the first message, then POST /api/conversations; 'Conversation started!' and on to
 * /messages?c=<id> (SPEC.md section 8). Logged out (or a 401): 'Please login to contact
 * the seller' and the login dialog.
 */
import * as React from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { MessageCircleIcon } from "lucide-react";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { useSessionUser } from "@/components/auth/use-session-user";
import { callApi } from "@/components/payments/checkout-client";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";

type Props = {
  productId: string;
  productTitle: string;
  recipientId: string;
  recipientName: string;
  variant?: "contact" | "buyer";
  className?: string;
};

export function StartConversationButton({ productId, productTitle, recipientId, recipientName, variant = "contact", className }: Props) {
  const t = useTranslations("messaging");
  const router = useRouter();
  const session = useSessionUser();
  const authDialog = useAuthDialog();
  const [open, setOpen] = React.useState(false);
  const [text, setText] = React.useState("");
  const [busy, setBusy] = React.useState(false);

  function loginFirst() {
    toast.error(t("loginRequired"));
    authDialog.open("login");
  }

  function start() {
    if (session.status !== "authenticated") return loginFirst();
    setText(variant === "contact" ? t("startDefault") : "");
    setOpen(true);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!text.trim() || busy) return;
    setBusy(true);
    const result = await callApi<{ id: string }>("/api/conversations", {
      method: "POST",
      body: JSON.stringify({ product_id: productId, recipient_id: recipientId, initial_message: text }),
    });
    setBusy(false);
    if (!result.ok) {
      if (result.status === 401) {
        setOpen(false);
        return loginFirst();
      }
      toast.error(t("startFailed"));
      return;
    }
    setOpen(false);
    toast.success(t("started"));
    router.push(`/messages?c=${result.data.id}`);
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size={variant === "contact" ? "lg" : "sm"}
        className={className}
        onClick={start}
        disabled={session.status === "loading"}
        data-testid={variant === "contact" ? "contact-seller" : "message-buyer"}
      >
        <MessageCircleIcon aria-hidden="true" />
        {variant === "contact" ? t("contactSeller") : t("messageBuyer")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
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
              <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
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
    </>
  );
}

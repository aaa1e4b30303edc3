"use client";

/**
 * Contact Seller on the product page and "Message buyer" on a sale: a small dialog with
 * the first message, then POST /api/conversations; 'Conversation started!' and on to
 * /messages?c=<id>. Logged out (or a 401): 'Please login to contact
 * the seller' and the login dialog.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { MessageCircleIcon } from "lucide-react";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { useSessionUser } from "@/components/auth/use-session-user";
import { Button } from "@/components/ui/button";

/** The dialog's code (a Radix dialog) loads on the first click. */
const StartConversationDialog = React.lazy(() => import("./start-conversation-dialog"));

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
  const session = useSessionUser();
  const authDialog = useAuthDialog();
  const [open, setOpen] = React.useState(false);

  function loginFirst() {
    toast.error(t("loginRequired"));
    authDialog.open("login");
  }

  function start() {
    if (session.status !== "authenticated") return loginFirst();
    setOpen(true);
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
      {open ? (
        <React.Suspense fallback={null}>
          <StartConversationDialog
            productId={productId}
            productTitle={productTitle}
            recipientId={recipientId}
            recipientName={recipientName}
            initialText={variant === "contact" ? t("startDefault") : ""}
            onClose={() => setOpen(false)}
            onLoginRequired={loginFirst}
          />
        </React.Suspense>
      ) : null}
    </>
  );
}

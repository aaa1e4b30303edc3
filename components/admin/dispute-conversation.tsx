"use client";

/**
 * LEAD: slot for the conversation between buyer and seller of a disputed order. The
 * messaging tables come from branch i09a; after merging, load the conversation of
 * `orderId` (its product, buyer and seller) and render its messages here.
 */
import { useTranslations } from "next-intl";

export function DisputeConversation({ orderId }: { orderId: string }) {
  const t = useTranslations("admin.disputes");
  return (
    <div className="rounded-lg bg-muted/50 p-3 text-sm text-muted-foreground" data-testid="dispute-conversation" data-order-id={orderId}>
      {t("conversationPending")}
    </div>
  );
}

"use client";

/**
 * The buyer's ways on from an order card (docs/phone.md): "Bericht aan
 * verkoper" opens the conversation with the seller about this item, or starts it with a
 * first message (the messaging dialog) when there is none yet; "Beoordeling schrijven",
 * once the handover is confirmed, leads to the product page's review form, which the
 * server shows only while the order may still be reviewed.
 */
import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { MessageCircleIcon, StarIcon } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { fetchConversations } from "@/components/messaging/messages-api";
import type { OrderJson } from "./order-api";

/** The first-message dialog (a Radix dialog) loads only when a conversation must start. */
const StartConversationDialog = React.lazy(() => import("@/components/messaging/start-conversation-dialog"));

export function OrderContact({ order }: { order: OrderJson }) {
  const t = useTranslations("orders");
  const tMessaging = useTranslations("messaging");
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const [starting, setStarting] = React.useState(false);
  const reviewable = (order.status === "held" || order.status === "completed") && order.delivery_status === "confirmed";

  async function openChat() {
    setBusy(true);
    const result = await fetchConversations();
    setBusy(false);
    if (!result.ok) {
      toast.error(tMessaging("loadConversationsFailed"));
      return;
    }
    const existing = result.data.find((c) => c.product_id === order.product_id && c.other_user_id === order.seller_id);
    if (existing) router.push(`/messages?c=${existing.id}`);
    else setStarting(true);
  }

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:justify-end" data-testid="order-contact">
      <Button type="button" variant="outline" onClick={() => void openChat()} disabled={busy} aria-busy={busy || undefined} data-testid="order-message-seller">
        <MessageCircleIcon aria-hidden="true" />
        {t("actions.messageSeller")}
      </Button>
      {reviewable ? (
        <Button asChild variant="outline" data-testid="order-write-review">
          <Link href={`/product/${order.product_id}#reviews`}>
            <StarIcon aria-hidden="true" />
            {t("actions.writeReview")}
          </Link>
        </Button>
      ) : null}
      {starting ? (
        <React.Suspense fallback={null}>
          <StartConversationDialog
            productId={order.product_id}
            productTitle={order.product.title}
            recipientId={order.seller_id}
            recipientName={order.seller_name}
            initialText=""
            onClose={() => setStarting(false)}
            onLoginRequired={() => router.refresh()}
          />
        </React.Suspense>
      ) : null}
    </div>
  );
}

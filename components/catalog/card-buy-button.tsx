"use client";

/**
 * The small "Buy now" under a product card on the browse grid (SPEC section 7: product
 * cards start a checkout with POST /api/payments/create-checkout?product_id&origin_url).
 * It sits outside the card's link: a button inside a link is invalid markup. Logged
 * out: asks to log in and opens the login dialog.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { ShoppingBagIcon } from "lucide-react";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { useSessionUser } from "@/components/auth/use-session-user";
import { useOnPageRestore } from "@/components/payments/page-restore";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

export function CardBuyButton({ productId, title, sellerId }: { productId: string; title: string; sellerId: string }) {
  const t = useTranslations("product.buy");
  const session = useSessionUser();
  const authDialog = useAuthDialog();
  const errors = useTranslations("checkout.errors");
  const [pending, setPending] = React.useState(false);
  useOnPageRestore(() => setPending(false));
  // Your own listing: nothing to buy.
  if (session.status === "authenticated" && session.user.id === sellerId) return null;

  async function buy() {
    setPending(true);
    // The payments client loads with the first click, not with every grid of cards.
    const client = await import("@/components/payments/checkout-client").catch(() => null);
    if (!client) {
      setPending(false);
      toast.error(errors("network"));
      return;
    }
    const { callApi, isCheckoutStart, paymentErrorText } = client;
    const query = new URLSearchParams({ product_id: productId, origin_url: window.location.origin });
    const result = await callApi<unknown>(`/api/payments/create-checkout?${query}`, { method: "POST" });
    if (result.ok && isCheckoutStart(result.data)) {
      window.location.assign(result.data.checkout_url);
      return;
    }
    setPending(false);
    toast.error(result.ok ? t("cardFailed") : paymentErrorText(errors, result, t("cardFailed")));
  }

  return (
    <Button
      size="sm"
      className="w-full"
      disabled={session.status === "loading" || pending}
      aria-busy={pending || undefined}
      data-testid="product-card-buy"
      data-product-id={productId}
      onClick={() => {
        if (session.status === "unauthenticated") {
          toast.info(t("loginRequired"));
          authDialog.open("login");
        } else if (session.status === "authenticated" && !pending) {
          void buy();
        }
      }}
    >
      {pending ? <Spinner className="text-current" /> : <ShoppingBagIcon aria-hidden="true" />}
      {t("buyNow")}
      {/* Every card has this button: the product's name tells them apart for screen readers. */}
      <span className="sr-only">: {title}</span>
    </Button>
  );
}

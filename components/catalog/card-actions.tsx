"use client";

/**
 * A product card's buttons on the browse grid, one client component per card (twenty
 * hydrate, not forty): the heart over the picture (card-heart.tsx) and, for an available
 * product, the small "Buy now" below the card's link (product cards start
 * a checkout with POST /api/payments/create-checkout?product_id&origin_url). Both sit
 * outside the link: a button inside a link is invalid markup. Your own listing gets
 * neither. Logged out, either asks to log in and opens the login dialog. Other grids
 * (the product page's "more from this seller") show only the heart, without this code.
 */
import * as React from "react";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { ShoppingBagIcon } from "lucide-react";
import { promptLogin } from "@/components/auth/after-login";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { useSessionUser } from "@/components/auth/use-session-user";
import { useOnPageRestore } from "@/components/payments/page-restore";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useWishlistToggle } from "@/components/wishlist/use-wishlist";
import { HeartButton, type CardButtonsProps } from "./card-heart";

export function CardActions({
  productId,
  title,
  sellerId,
  price,
  buy,
  ships = false,
}: CardButtonsProps & {
  /** The price the card shows (euros): Buy now pays no more without asking. */
  price: number;
  /** The "Buy now" row (available products). */
  buy: boolean;
  /** The listing ships: Buy now opens the product page, whose Buy Now asks for the delivery. */
  ships?: boolean;
}) {
  const heart = useWishlistToggle(productId, title, sellerId);
  return (
    <>
      <HeartButton productId={productId} heart={heart} />
      {buy ? (
        <div className="px-3 pb-3 sm:px-4 sm:pb-4">
          {heart.hidden ? null : <CardBuyButton productId={productId} title={title} price={price} ships={ships} />}
        </div>
      ) : null}
    </>
  );
}

function CardBuyButton({ productId, title, price, ships }: { productId: string; title: string; price: number; ships: boolean }) {
  const t = useTranslations("product.buy");
  const errors = useTranslations("checkout.errors");
  const apiTexts = useTranslations("apiErrors");
  const formatter = useFormatter();
  // The price the buyer has been shown: the card's, or the new one a 409 told them.
  const [shownPrice, setShownPrice] = React.useState(price);
  const router = useRouter();
  const session = useSessionUser();
  const authDialog = useAuthDialog();
  const [pending, setPending] = React.useState(false);
  useOnPageRestore(() => setPending(false));

  async function buy() {
    setPending(true);
    if (ships) {
      // Pickup or shipping, and where to, is asked on the product page.
      router.push(`/product/${encodeURIComponent(productId)}`);
      return;
    }
    // The payments client loads with the first click, not with every grid of cards.
    const client = await import("@/components/payments/checkout-client").catch(() => null);
    if (!client) {
      setPending(false);
      toast.error(errors("network"));
      return;
    }
    const { apiResult, changedPrice, isCheckoutStart, paymentErrorText } = client;
    const query = new URLSearchParams({ product_id: productId, origin_url: window.location.origin, expected_price: String(shownPrice) });
    const result = await apiResult<unknown>(`/api/payments/create-checkout?${query}`, { method: "POST" });
    if (result.ok && isCheckoutStart(result.data)) {
      window.location.assign(result.data.checkout_url);
      return;
    }
    setPending(false);
    const newPrice = result.ok ? null : changedPrice(result.error, productId);
    if (newPrice !== null) {
      // The seller changed the price: say so; the next click pays the new one.
      setShownPrice(newPrice);
      toast.error(errors("priceChangedTo", { price: formatter.number(newPrice, "euro") }));
      return;
    }
    toast.error(result.ok ? t("cardFailed") : paymentErrorText(errors, (code) => apiTexts(code), result.error, t("cardFailed")));
  }

  const buyRef = React.useRef(buy);
  React.useEffect(() => {
    buyRef.current = buy;
  });

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
          // Logging in from the prompt starts the checkout.
          promptLogin("info", t("loginRequired"), () => void buyRef.current(), () => authDialog.open("login"));
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

"use client";

/**
 * "Add to cart" under Buy Now on the product page (SPEC section 2, the second action
 * widget). For a signed-in user it first asks the cart whether the product is already
 * in it and then shows "In cart" with a link to /cart instead. Logged out: asks to log
 * in and opens the login dialog. The page does not render it for sold products or the
 * seller's own; a reserved product only shows it when it is already in the cart.
 */
import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { CheckIcon, ShoppingCartIcon } from "lucide-react";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { useSessionUser } from "@/components/auth/use-session-user";
import { callApi, usePaymentError, type Cart } from "@/components/payments/checkout-client";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { ProductStatus } from "@/lib/catalog/limits";
import { announceCartChanged } from "./use-cart-count";

export function AddToCartButton({ productId, status }: { productId: string; status: ProductStatus }) {
  const t = useTranslations("product.buy");
  const router = useRouter();
  const session = useSessionUser();
  const authDialog = useAuthDialog();
  const paymentError = usePaymentError();
  /** null: not known (yet); the add button shows meanwhile, adding twice is harmless. */
  const [inCart, setInCart] = React.useState<boolean | null>(null);
  const [adding, setAdding] = React.useState(false);
  const signedIn = session.status === "authenticated";

  React.useEffect(() => {
    if (!signedIn) return;
    let current = true;
    void callApi<Cart>("/api/cart").then((result) => {
      // A failed look-up is silent: the add button still works.
      if (current && result.ok && Array.isArray(result.data?.items)) {
        setInCart(result.data.items.some((item) => item.product_id === productId));
      }
    });
    return () => {
      current = false;
    };
  }, [signedIn, productId]);

  if (signedIn && inCart) {
    return (
      <Button asChild variant="secondary" size="lg" className="w-full">
        <Link href="/cart" data-testid="add-to-cart" data-state="in-cart">
          <CheckIcon aria-hidden="true" />
          {t("inCart")}
          <span aria-hidden="true">·</span>
          <span className="underline underline-offset-2">{t("view")}</span>
        </Link>
      </Button>
    );
  }
  if (status !== "available") return null;

  async function add() {
    setAdding(true);
    const result = await callApi<Cart>(`/api/cart/add?product_id=${encodeURIComponent(productId)}`, { method: "POST" });
    setAdding(false);
    if (result.ok) {
      setInCart(true);
      announceCartChanged();
      toast.success(t("added"), {
        action: { label: t("viewCart"), onClick: () => router.push("/cart") },
      });
      return;
    }
    toast.error(paymentError(result, t("addFailed")));
    // Sold or reserved since the page was rendered: show the product as it is now.
    if (result.status === 409) router.refresh();
  }

  const state = session.status === "loading" ? "loading" : signedIn ? (adding ? "pending" : "available") : "login";
  return (
    <Button
      variant="outline"
      size="lg"
      className="w-full"
      disabled={state === "loading" || state === "pending"}
      aria-busy={adding || undefined}
      data-testid="add-to-cart"
      data-state={state}
      onClick={() => {
        if (state === "login") {
          toast.info(t("loginRequiredCart"));
          authDialog.open("login");
        } else if (state === "available") {
          void add();
        }
      }}
    >
      {adding ? <Spinner className="text-current" /> : <ShoppingCartIcon aria-hidden="true" />}
      {adding ? t("adding") : t("addToCart")}
    </Button>
  );
}

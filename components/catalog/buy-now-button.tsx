"use client";

/**
 * Buy Now on the product page. Sold: disabled, "Sold out". Reserved (someone is paying):
 * disabled, unless the viewer's own unfinished checkout holds it (asked of the API, since
 * the page is cached for everyone). The seller's own listing: disabled. Logged out: asks to log in (the SPEC's
 * "Please login to purchase") and opens the login dialog. A signed-in buyer starts a
 * checkout for this one product (POST /api/payment/create-checkout) and the browser
 * goes to the provider's checkout page (SPEC section 4 "Buy").
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { ShoppingBagIcon } from "lucide-react";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { useSessionUser } from "@/components/auth/use-session-user";
import { callApi, isCheckoutStart, useOnPageRestore, usePaymentError } from "@/components/payments/checkout-client";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { ProductStatus } from "@/lib/catalog/limits";

/** Is a reserved product held by the signed-in viewer's own unfinished checkout? */
function useReservedForYou(productId: string, ask: boolean): boolean {
  const [mine, setMine] = React.useState(false);
  React.useEffect(() => {
    if (!ask) return;
    const controller = new AbortController();
    fetch(`/api/products/${encodeURIComponent(productId)}`, { signal: controller.signal, cache: "no-store" })
      .then((res) => (res.ok ? (res.json() as Promise<{ reserved_for_you?: boolean }>) : null))
      .then((body) => setMine(body?.reserved_for_you === true))
      .catch(() => undefined);
    return () => controller.abort();
  }, [productId, ask]);
  return ask && mine;
}

export function BuyNowButton({ productId, status, sellerId }: { productId: string; status: ProductStatus; sellerId: string }) {
  const t = useTranslations("product.buy");
  const session = useSessionUser();
  const isOwnListing = session.user?.id === sellerId;
  const reservedForYou = useReservedForYou(productId, status === "reserved" && session.status === "authenticated");
  const authDialog = useAuthDialog();
  const paymentError = usePaymentError();
  const [pending, setPending] = React.useState(false);
  useOnPageRestore(() => setPending(false));

  let label = t("buyNow");
  let note: string | null = null;
  let disabled = false;
  let state = "available";
  if (status === "sold") {
    label = t("soldOut");
    disabled = true;
    state = "sold";
  } else if (status === "reserved" && reservedForYou) {
    // The viewer's own unfinished checkout: buying again starts a fresh one.
    note = t("yourReservation");
    state = pending ? "pending" : "available";
    if (pending) label = t("starting");
    disabled = pending;
  } else if (status === "reserved") {
    label = t("reserved");
    note = t("reservedNote");
    disabled = true;
    state = "reserved";
  } else if (isOwnListing) {
    note = t("ownListing");
    disabled = true;
    state = "own";
  } else if (session.status === "loading") {
    disabled = true;
    state = "loading";
  } else if (session.status === "unauthenticated") {
    state = "login";
  } else if (pending) {
    label = t("starting");
    disabled = true;
    state = "pending";
  }

  async function buy() {
    setPending(true);
    const result = await callApi<unknown>("/api/payment/create-checkout", {
      method: "POST",
      body: JSON.stringify({ product_id: productId }),
    });
    if (result.ok && isCheckoutStart(result.data)) {
      // Stays "pending" while the browser leaves for the checkout page.
      window.location.assign(result.data.checkout_url);
      return;
    }
    setPending(false);
    toast.error(result.ok ? t("failed") : paymentError(result, t("failed")));
  }

  return (
    <div className="space-y-2">
      <Button
        size="lg"
        className="w-full"
        disabled={disabled}
        aria-busy={pending || undefined}
        data-testid="buy-now"
        data-state={state}
        onClick={() => {
          if (state === "login") {
            toast.info(t("loginRequired"));
            authDialog.open("login");
          } else if (state === "available") {
            void buy();
          }
        }}
      >
        {pending ? <Spinner className="text-current" /> : <ShoppingBagIcon aria-hidden="true" />}
        {label}
      </Button>
      {note ? (
        <p className="text-center text-sm text-muted-foreground" data-testid="buy-now-note">
          {note}
        </p>
      ) : null}
    </div>
  );
}

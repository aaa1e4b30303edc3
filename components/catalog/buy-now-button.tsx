"use client";

/**
 * The product page's Buy Now, split from ./product-actions.tsx.
 * Sold: disabled, "Sold out". Reserved: disabled, unless the viewer's own unfinished
 * checkout holds it. The seller's own listing: disabled. Logged out: asks to log in. A
 * signed-in buyer starts a checkout for this product (POST /api/payment/create-checkout,
 * coming back to the address they are on); when the listing ships, the
 * delivery dialog (components/shipping, loaded on the click) asks pickup or shipping and
 * where to first. Logging in from its prompt starts the checkout (docs/phone.md, 6).
 * The viewer's deal (docs/phone.md, 8; ./use-viewer-deal.ts): a buyer who paid sees their purchase
 * instead, a buyer with an accepted offer the agreed price and a button at that price.
 */
import * as React from "react";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { ShoppingBagIcon } from "lucide-react";
import { promptLogin } from "@/components/auth/after-login";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { useSessionUser } from "@/components/auth/use-session-user";
import type { ApiInit, ApiResult } from "@/components/lib/api-client";
import { useOnPageRestore } from "@/components/payments/page-restore";
import type { CheckoutFailure, DeliveryBody } from "@/components/shipping/delivery-checkout-dialog";
import type { ParcelSize } from "@/components/shipping/types";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import type { ProductStatus } from "@/lib/domains/catalog/client";
import { useViewerDeal } from "./use-viewer-deal";
import { BoughtNotice, OfferNotice } from "./viewer-deal";

/** The delivery choice (pickup or shipping, destination, totals) loads when Buy Now opens it. */
const DeliveryCheckoutDialog = React.lazy(() => import("@/components/shipping/delivery-checkout-dialog"));

/** A listing that ships: Buy Now asks for the delivery first. */
export type ProductDelivery = { pickup: boolean; parcelSize: ParcelSize | null; place: string | null };

/**
 * A payments call with the payments client loaded on demand; a failed load counts as a
 * network failure. Answers the error's text too (in `checkout.errors`' words).
 */
export function usePaymentsCall() {
  const errors = useTranslations("checkout.errors");
  const apiTexts = useTranslations("apiErrors");
  return React.useCallback(
    async <T,>(
      url: string,
      init: ApiInit,
      fallback: string,
      productId?: string,
    ): Promise<{ result: ApiResult<T> | { ok: false; status: 0 }; error: string; started: boolean; newPrice: number | null }> => {
      const client = await import("@/components/payments/checkout-client").catch(() => null);
      if (!client) return { result: { ok: false, status: 0 }, error: errors("network"), started: false, newPrice: null };
      const result = await client.apiResult<T>(url, init);
      return {
        result,
        error: result.ok ? fallback : client.paymentErrorText(errors, (code) => apiTexts(code), result.error, fallback),
        started: result.ok && client.isCheckoutStart(result.data),
        newPrice: !result.ok && productId ? client.changedPrice(result.error, productId) : null,
      };
    },
    [errors, apiTexts],
  );
}

type BuyNowProps = {
  productId: string;
  price: number;
  status: ProductStatus;
  isOwnListing: boolean;
  delivery?: ProductDelivery;
  title: string;
  sellerId: string;
  /** The phone's sticky bar (./product-sticky-bar.tsx): the button alone, without the notes. */
  compact?: boolean;
  testId?: string;
};

export function BuyNowButton({ productId, price, status, isOwnListing, delivery, title, sellerId, compact = false, testId = "buy-now" }: BuyNowProps) {
  const t = useTranslations("product.buy");
  const tDeal = useTranslations("viewerDeal");
  const errors = useTranslations("checkout.errors");
  const formatter = useFormatter();
  // The price the buyer has been shown: the page's, or the new one a 409 told them.
  const [toldPrice, setShownPrice] = React.useState<number | null>(null);
  const session = useSessionUser();
  const { reservedForYou, deal, pickupAddress } = useViewerDeal(productId);
  // An accepted offer's price holds for this buyer (the checkout charges it).
  const offer = deal?.kind === "offer" && status === "available" && !isOwnListing ? deal : null;
  const shownPrice = toldPrice ?? offer?.amount ?? price;
  const authDialog = useAuthDialog();
  const router = useRouter();
  const call = usePaymentsCall();
  const [pending, setPending] = React.useState(false);
  const [choosing, setChoosing] = React.useState(false);
  useOnPageRestore(() => setPending(false));

  const { label, note, disabled, state } = buttonState({
    t,
    status,
    reservedForYou,
    isOwnListing,
    pending,
    session: session.status,
    offerLabel: offer ? tDeal("buyFor", { price: formatter.number(shownPrice, "euro") }) : null,
  });

  /**
   * Starts the checkout (with the delivery choice and the total the dialog showed, when
   * the listing ships); the failure's text, or null.
   */
  async function startCheckout(body?: DeliveryBody, shownTotal?: number): Promise<CheckoutFailure | null> {
    const { result, error, started, newPrice } = await call<{ checkout_url: string }>(
      "/api/payment/create-checkout",
      // origin_url: back to the address the buyer is on (an allowed one), as the cart does.
      // The total with shipping: a parcel size raised since the page loaded is a 409 too.
      { json: { product_id: productId, origin_url: window.location.origin, expected_price: shownPrice, ...(shownTotal === undefined ? {} : { expected_total: shownTotal }), ...body } },
      t("failed"),
      productId,
    );
    if (started && result.ok) {
      // Stays "pending" while the browser leaves for the checkout page.
      window.location.assign(result.data.checkout_url);
      return null;
    }
    if (newPrice !== null && newPrice === shownPrice) {
      // The item's price held but the total did not (the shipping changed): the page
      // reloads with what holds now, and the dialog shows the new total.
      router.refresh();
      return { text: errors("priceChanged") };
    }
    if (newPrice !== null) {
      // The seller changed the price: say so; the next click pays the new one.
      setShownPrice(newPrice);
      return { text: errors("priceChangedTo", { price: formatter.number(newPrice, "euro") }) };
    }
    return { text: error, error: "error" in result ? result.error : undefined };
  }

  async function buy() {
    if (delivery) {
      setChoosing(true);
      return;
    }
    setPending(true);
    const failed = await startCheckout();
    if (!failed) return;
    setPending(false);
    toast.error(failed.text);
  }

  // Logging in from the prompt starts the checkout: the latest buy(), whatever render the login lands in.
  const buyRef = React.useRef(buy);
  React.useEffect(() => {
    buyRef.current = buy;
  });

  if (deal?.kind === "bought") return compact ? null : <BoughtNotice pickupAddress={pickupAddress} />;

  return (
    <div className={compact ? "min-w-0 flex-1" : "space-y-2"}>
      {offer && !compact ? <OfferNotice amount={offer.amount} listPrice={price} expiresAt={offer.expires_at} /> : null}
      <Button
        size="lg"
        className="w-full"
        disabled={disabled}
        aria-busy={pending || undefined}
        data-testid={testId}
        data-state={state}
        onClick={() => {
          if (state === "login") {
            promptLogin("info", t("loginRequired"), () => void buyRef.current(), () => authDialog.open("login"));
          } else if (state === "available") {
            void buy();
          }
        }}
      >
        {pending ? <Spinner className="text-current" /> : <ShoppingBagIcon aria-hidden="true" />}
        {label}
      </Button>
      {note && !compact ? (
        <p className="text-center text-sm text-muted-foreground" data-testid="buy-now-note">
          {note}
        </p>
      ) : null}
      {choosing && delivery ? (
        <React.Suspense fallback={null}>
          <DeliveryCheckoutDialog
            open
            onOpenChange={setChoosing}
            items={[{ productId, title, price: shownPrice, sellerId, pickup: delivery.pickup, shipping: true, parcelSize: delivery.parcelSize, place: delivery.place }]}
            start={startCheckout}
          />
        </React.Suspense>
      ) : null}
    </div>
  );
}

/** The button's label, its note, whether it is disabled, and its state (data-state). */
function buttonState({
  t,
  status,
  reservedForYou,
  isOwnListing,
  pending,
  session,
  offerLabel,
}: {
  t: (key: string) => string;
  status: ProductStatus;
  reservedForYou: boolean;
  isOwnListing: boolean;
  pending: boolean;
  session: string;
  offerLabel: string | null;
}) {
  let label = offerLabel ?? t("buyNow");
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
  } else if (session === "loading") {
    disabled = true;
    state = "loading";
  } else if (session === "unauthenticated") {
    state = "login";
  } else if (pending) {
    label = t("starting");
    disabled = true;
    state = "pending";
  }
  return { label, note, disabled, state };
}

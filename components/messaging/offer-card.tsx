"use client";

/**
 * An offer in the thread: amount, status, and what the viewer may do now. The party
 * who did not make a pending offer accepts, declines or counters it; its maker may
 * withdraw it; the buyer of an accepted offer buys at that price ("Koop voor € x").
 */
import * as React from "react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { HandCoinsIcon } from "lucide-react";
import { isCheckoutStart, usePaymentError } from "@/components/payments/checkout-client";
import { apiResult } from "@/components/lib/api-client";
import { Button } from "@/components/ui/button";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { resolveLocale } from "@/lib/platform/i18n/config";
import type { CheckoutFailure, DeliveryBody } from "@/components/shipping/delivery-checkout-dialog";
import type { CheckoutItem } from "@/components/shipping/checkout-totals";
import { productDeliveryItem } from "@/components/shipping/product-delivery";
import { offerAction, type OfferJson } from "./messages-api";
import { OfferDialog } from "./offer-dialog";
import { useErrorText } from "@/components/lib/use-error-text";

/** The delivery choice loads when an accepted offer of a listing that ships is bought. */
const DeliveryCheckoutDialog = React.lazy(() => import("@/components/shipping/delivery-checkout-dialog"));

type Props = {
  offer: OfferJson;
  role: "buyer" | "seller";
  productId: string | null;
  onChange: () => void;
};

export function OfferCard({ offer, role, productId, onChange }: Props) {
  const t = useTranslations("offers");
  const errorText = useErrorText();
  const locale = resolveLocale(useLocale());
  const formatter = useFormatter();
  const paymentError = usePaymentError();
  const [busy, setBusy] = React.useState<string | null>(null);
  const [countering, setCountering] = React.useState(false);
  const [choosing, setChoosing] = React.useState<CheckoutItem | null>(null);
  const mine = offer.made_by === role;
  const [now] = React.useState(() => Date.now());
  const live = new Date(offer.expires_at).getTime() > now;
  const pending = offer.status === "pending" && live;

  async function act(action: "accept" | "decline" | "withdraw") {
    setBusy(action);
    const result = await offerAction(offer.id, action);
    setBusy(null);
    if (!result.ok) {
      toast.error(result.error.code === "offer_not_pending" ? t("errors.offer_not_pending") : t("failed"));
    } else {
      toast.success(t(action === "accept" ? "accepted" : action === "decline" ? "declined" : "withdrawn"));
    }
    onChange();
  }

  async function counter(amount: string): Promise<string | null> {
    const result = await offerAction(offer.id, "counter", amount);
    if (!result.ok) return result.error.code ?? "failed";
    toast.success(t("countered"));
    onChange();
    return null;
  }

  /** The checkout at the offer's amount (the checkout charges no more); null when the browser goes to pay. */
  async function startCheckout(delivery?: DeliveryBody, shownTotal?: number): Promise<CheckoutFailure | null> {
    const result = await apiResult<unknown>("/api/payment/create-checkout", {
      // Back to the address the buyer is on (an allowed one), not APP_URL's; with the total
      // the delivery dialog showed, shipping included (a raised parcel size is a 409).
      json: { product_id: productId, origin_url: window.location.origin, expected_price: offer.amount, ...(shownTotal === undefined ? {} : { expected_total: shownTotal }), ...delivery },
    });
    if (result.ok && isCheckoutStart(result.data)) {
      window.location.assign(result.data.checkout_url);
      return null;
    }
    if (result.ok) return { text: t("buyFailed") };
    if (delivery && result.error.code === "price_changed" && productId) {
      // The dialog shows what holds now (the listing as it is) and the next click pays it.
      const item = await productDeliveryItem(productId, offer.amount);
      if (item?.shipping) setChoosing(item);
    }
    const text = result.error.code === "price_changed" ? paymentError(result.error, t("buyFailed")) : result.error.status === 422 ? errorText(result.error, t("buyFailed")) : t("buyFailed");
    return { text, error: result.error };
  }

  async function buy() {
    if (!productId) return;
    setBusy("buy");
    // A listing that ships asks for the delivery first.
    const item = await productDeliveryItem(productId, offer.amount);
    if (item?.shipping) {
      setBusy(null);
      setChoosing(item);
      return;
    }
    const failed = await startCheckout();
    if (!failed) return;
    setBusy(null);
    toast.error(failed.text);
  }

  return (
    <div className="mt-1 rounded-xl border bg-background p-3 text-foreground" data-testid="offer-card" data-offer-id={offer.id} data-status={offer.status}>
      <p className="flex items-center gap-2 text-sm font-medium">
        <HandCoinsIcon aria-hidden="true" className="size-4 text-primary" />
        {offer.made_by === "buyer" ? t("offerLabel") : t("counterLabel")}:{" "}
        <span className="text-lg font-semibold tabular-nums" data-testid="offer-amount-shown">
          {formatter.number(offer.amount, "euro")}
        </span>
      </p>
      <p className="mt-1 text-xs text-muted-foreground" data-testid="offer-status">
        {t(`status.${offer.status}`)}
        {pending ? ` · ${t("expiresAt", { when: appFormatter(locale).dateTime(new Date(offer.expires_at), "dateTime") })}` : null}
      </p>
      {pending && !mine ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void act("accept")} disabled={busy !== null} data-testid="offer-accept">
            {t("accept")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => void act("decline")} disabled={busy !== null} data-testid="offer-decline">
            {t("decline")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setCountering(true)} disabled={busy !== null} data-testid="offer-counter">
            {t("counter")}
          </Button>
        </div>
      ) : null}
      {pending && mine ? (
        <Button size="sm" variant="ghost" className="mt-2" onClick={() => void act("withdraw")} disabled={busy !== null} data-testid="offer-withdraw">
          {t("withdraw")}
        </Button>
      ) : null}
      {offer.status === "accepted" && live && role === "buyer" ? (
        <div className="mt-2 space-y-1">
          <Button size="sm" onClick={() => void buy()} disabled={busy !== null} data-testid="offer-buy">
            {t("buyFor", { amount: formatter.number(offer.amount, "euro") })}
          </Button>
          <p className="text-xs text-muted-foreground">{t("heldUntil", { when: appFormatter(locale).dateTime(new Date(offer.expires_at), "dateTime") })}</p>
        </div>
      ) : null}
      {choosing ? (
        <React.Suspense fallback={null}>
          <DeliveryCheckoutDialog open onOpenChange={(open) => (open ? undefined : setChoosing(null))} items={[choosing]} start={startCheckout} />
        </React.Suspense>
      ) : null}
      <OfferDialog open={countering} onOpenChange={setCountering} productId={productId} counterTo={offer.amount} onSubmit={counter} />
    </div>
  );
}

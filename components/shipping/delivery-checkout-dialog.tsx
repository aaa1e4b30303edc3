"use client";

/**
 * The delivery choice before paying, for Buy Now and the cart: pickup or
 * shipping (with its price), for shipping a service point near a postcode (list, map on
 * request) or a home address, prefilled with the last one; then the totals (items, 5 %
 * fee on the items, shipping) and Pay. Loaded when opened (React.lazy), never with the page.
 */
import * as React from "react";
import { useFormatter, useTranslations } from "next-intl";
import { HandshakeIcon, HomeIcon, LockIcon, StoreIcon, TruckIcon } from "lucide-react";
import type { ApiError } from "@/components/lib/api-client";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { money } from "@/lib/platform/i18n/formats";
import { AddressFields } from "./address-fields";
import { ChoiceCard } from "./choice-card";
import { checkoutTotals, largestSize, sizePriceCents, type CheckoutItem } from "./checkout-totals";
import { SellerParcels } from "./seller-parcels";
import { ServicePointPicker } from "./service-point-picker";
import { SHIPPING_COUNTRIES, type ShippingCountry } from "./types";
import { useDeliveryForm, type DeliveryBody, type Destination } from "./use-delivery-form";

export type { DeliveryBody };

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null while they load. */
  items: CheckoutItem[] | null;
  /**
   * Starts the checkout: null when the browser is on its way to pay, else why not (the
   * text to show, and the API's error when there was an answer).
   */
  start: (body: DeliveryBody, totalEuros: number) => Promise<CheckoutFailure | null>;
};

export type CheckoutFailure = { text: string; error?: ApiError };

export default function DeliveryCheckoutDialog({ open, onOpenChange, items, start }: Props) {
  const t = useTranslations("shipping");
  const formatter = useFormatter();
  const ids = React.useId();
  const [formRef, state] = useDeliveryForm(items);
  const [paying, setPaying] = React.useState(false);
  const [failure, setFailure] = React.useState<string | null>(null);
  const { sizes, chosen, country } = state;

  const totals = items && sizes ? checkoutTotals(items, state.multiSeller ? state.itemMethod : chosen, sizes, country) : null;
  const shippingItems = items?.filter((item) => item.shipping) ?? [];
  const shippingSize = largestSize(shippingItems.map((item) => item.parcelSize ?? "parcel"));
  const shippingFrom = sizes && shippingSize ? sizePriceCents(sizes, shippingSize, country) : null;
  const place = items?.find((item) => item.pickup && item.place)?.place ?? null;
  const mixed = (items?.length ?? 0) > 1 && items!.some((item) => item.shipping !== item.pickup);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (paying || !totals) return;
    const body = state.body();
    if (!body) return;
    setFailure(null);
    setPaying(true);
    const failed = await start(body, totals.totalCents / 100);
    if (!failed) return; // Stays busy while the browser leaves for the payment page.
    setPaying(false);
    if (failed.error?.status === 422 && state.showServerError(failed.error, failed.text)) return;
    setFailure(failed.text);
  }

  const ready = items !== null && sizes !== null;
  return (
    <Dialog open={open} onOpenChange={(next) => (!paying ? onOpenChange(next) : undefined)}>
      <DialogContent className="max-w-lg p-5 sm:p-6" data-testid="delivery-dialog" closeLabel={t("checkout.cancel")}>
        <DialogHeader>
          <DialogTitle>{t("checkout.title")}</DialogTitle>
          <DialogDescription>{t("checkout.text")}</DialogDescription>
        </DialogHeader>
        {!ready ? (
          <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
            {state.optionsFailed ? (
              t("checkout.loadFailed")
            ) : (
              <>
                <Spinner className="size-4" /> {t("checkout.loading")}
              </>
            )}
          </p>
        ) : (
          <form ref={formRef} onSubmit={submit} noValidate className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5" aria-busy={paying}>
            {state.multiSeller && sizes ? (
              <SellerParcels
                ids={ids}
                groups={state.groups}
                groupMethod={state.groupMethod}
                onChoose={state.setSellerMethod}
                sizes={sizes}
                country={country}
                disabled={paying}
              />
            ) : (
              <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
                <legend className="mb-2 text-sm font-medium">{t("checkout.method")}</legend>
                <ChoiceCard
                  name={`${ids}-method`}
                  value="pickup"
                  checked={chosen === "pickup"}
                  disabled={!state.offers.pickup || paying}
                  onChange={() => state.setMethod("pickup")}
                  icon={HandshakeIcon}
                  title={t("checkout.pickup")}
                  text={!state.offers.pickup ? t("checkout.notOffered") : place ? t("checkout.pickupText", { place }) : t("checkout.pickupTextNoPlace")}
                  testId="delivery-pickup"
                />
                <ChoiceCard
                  name={`${ids}-method`}
                  value="shipping"
                  checked={chosen === "shipping"}
                  disabled={!state.offers.shipping || paying}
                  onChange={() => state.setMethod("shipping")}
                  icon={TruckIcon}
                  title={t("checkout.shipping")}
                  text={
                    !state.offers.shipping || !shippingSize
                      ? t("checkout.notOffered")
                      : t("checkout.shippingText", { size: t(`sizes.${shippingSize}`), price: money(formatter, shippingFrom ?? 0) })
                  }
                  testId="delivery-shipping"
                />
                {mixed ? <p className="text-xs text-muted-foreground">{t("checkout.cartMixed")}</p> : null}
              </fieldset>
            )}

            {state.ships ? <DestinationFields ids={ids} state={state} disabled={paying} /> : null}

            {totals ? <CheckoutTotals totals={totals} itemCount={items?.length ?? 0} /> : null}

            {failure ? (
              <p role="alert" className="text-sm font-medium text-destructive" data-testid="delivery-error">
                {failure}
              </p>
            ) : null}

            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={paying}>
                {t("checkout.cancel")}
              </Button>
              <Button type="submit" size="lg" disabled={paying || !totals} aria-busy={paying || undefined} data-testid="delivery-pay">
                {paying ? <Spinner className="text-current" /> : <LockIcon aria-hidden="true" />}
                {paying ? t("checkout.paying") : t("checkout.pay", { total: money(formatter, totals?.totalCents ?? 0) })}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Where the parcel goes: the country, a service point (with the recipient's name) or a home address. */
function DestinationFields({ ids, state, disabled }: { ids: string; state: ReturnType<typeof useDeliveryForm>[1]; disabled: boolean }) {
  const t = useTranslations("shipping");
  return (
    <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3" data-testid="delivery-destination">
      <legend className="mb-2 text-sm font-medium">{t("checkout.destination")}</legend>
      {state.prefilled ? <p className="text-xs text-muted-foreground">{t("checkout.saved")}</p> : null}
      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-country`}>{t("checkout.country")}</Label>
        <NativeSelect
          id={`${ids}-country`}
          value={state.country}
          onChange={(event) => state.setCountry(event.target.value as ShippingCountry)}
          disabled={disabled}
          data-testid="delivery-country"
        >
          {SHIPPING_COUNTRIES.map((code) => (
            <option key={code} value={code}>
              {t(`countries.${code}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {(["point", "home"] as Destination[]).map((kind) => (
          <ChoiceCard
            key={kind}
            name={`${ids}-destination`}
            value={kind}
            checked={state.destination === kind}
            disabled={disabled}
            onChange={() => state.setDestination(kind)}
            icon={kind === "point" ? StoreIcon : HomeIcon}
            title={kind === "point" ? t("checkout.toPoint") : t("checkout.toHome")}
            text={kind === "point" ? t("checkout.toPointText") : t("checkout.toHomeText")}
            testId={`delivery-to-${kind}`}
          />
        ))}
      </div>
      {state.destination === "point" ? (
        <>
          <ServicePointPicker
            ids={ids}
            country={state.country}
            postcode={state.postcode}
            onPostcode={state.setPostcode}
            points={state.points}
            onPoints={state.setPoints}
            selected={state.pointId}
            onSelect={state.setPointId}
            error={state.form.errors.service_point_id}
            disabled={disabled}
          />
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-recipient_name`}>{t("checkout.recipient")}</Label>
            <Input
              id={`${ids}-recipient_name`}
              value={state.recipient}
              onChange={(event) => state.setRecipient(event.target.value)}
              autoComplete="shipping name"
              aria-invalid={state.form.errors.recipient_name ? true : undefined}
              aria-describedby={`${ids}-recipient-hint${state.form.errors.recipient_name ? ` ${ids}-recipient-error` : ""}`}
              disabled={disabled}
              data-testid="delivery-recipient"
            />
            <p id={`${ids}-recipient-hint`} className="text-xs text-muted-foreground">
              {t("checkout.recipientHint")}
            </p>
            {state.form.errors.recipient_name ? (
              <p id={`${ids}-recipient-error`} className="text-sm font-medium text-destructive" data-testid="shipping-error-recipient_name">
                {state.form.errors.recipient_name}
              </p>
            ) : null}
          </div>
        </>
      ) : (
        <AddressFields ids={ids} values={state.address} onChange={state.changeAddress} errors={state.form.errors} disabled={disabled} country={state.country} />
      )}
    </fieldset>
  );
}

/** The items, the fee, the shipping and the total. */
function CheckoutTotals({ totals, itemCount }: { totals: NonNullable<ReturnType<typeof checkoutTotals>>; itemCount: number }) {
  const t = useTranslations("shipping");
  const formatter = useFormatter();
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 rounded-xl bg-muted/50 p-4 text-sm" data-testid="delivery-totals">
      <dt className="text-muted-foreground">{itemCount > 1 ? t("checkout.items") : t("checkout.item")}</dt>
      <dd className="text-right tabular-nums" data-testid="delivery-items-total">
        {money(formatter, totals.itemsCents)}
      </dd>
      <dt className="text-muted-foreground">{t("checkout.fee")}</dt>
      <dd className="text-right tabular-nums" data-testid="delivery-fee">
        {money(formatter, totals.feeCents)}
      </dd>
      <dt className="text-muted-foreground">{t("checkout.shippingCost")}</dt>
      <dd className="text-right tabular-nums" data-testid="delivery-shipping-cost">
        {totals.shippingCents ? money(formatter, totals.shippingCents) : t("checkout.free")}
      </dd>
      <dt className="border-t pt-1.5 font-semibold">{t("checkout.total")}</dt>
      <dd className="border-t pt-1.5 text-right font-bold text-primary tabular-nums" data-testid="delivery-total">
        {money(formatter, totals.totalCents)}
      </dd>
    </dl>
  );
}

"use client";

/**
 * The sell form's delivery section: pickup, shipping or both (at least one),
 * and with shipping the parcel size as cards with their limits and prices to NL and BE
 * (GET /api/shipping/options; the prices live on the server, never here).
 */
import * as React from "react";
import { useFormatter, useTranslations } from "next-intl";
import { CheckIcon, HandshakeIcon, PackageIcon, TruckIcon } from "lucide-react";
import { fetchShippingOptions } from "@/components/shipping/shipping-api";
import type { DeliveryMethod, ParcelSize, ShippingSizeOption } from "@/components/shipping/types";
import { cn } from "@/lib/platform/utils";
import type { ListingField } from "./listing-messages";
import { FieldError, Section } from "./listing-parts";

export type ListingDelivery = { pickup: boolean; shipping: boolean; size: ParcelSize | null };

export const DEFAULT_DELIVERY: ListingDelivery = { pickup: true, shipping: false, size: null };

/** The API's fields of a delivery choice. */
export function deliveryPayload(delivery: ListingDelivery): { delivery_options: DeliveryMethod[]; parcel_size: ParcelSize | null } {
  const options: DeliveryMethod[] = [];
  if (delivery.pickup) options.push("pickup");
  if (delivery.shipping) options.push("shipping");
  return { delivery_options: options, parcel_size: delivery.shipping ? delivery.size : null };
}

/** The form's own check: which field is wrong, if any. */
export function deliveryError(delivery: ListingDelivery): "delivery_options" | "parcel_size" | null {
  if (!delivery.pickup && !delivery.shipping) return "delivery_options";
  if (delivery.shipping && !delivery.size) return "parcel_size";
  return null;
}

function useShippingSizes(): { sizes: ShippingSizeOption[] | null; failed: boolean } {
  const [state, setState] = React.useState<{ sizes: ShippingSizeOption[] | null; failed: boolean }>({ sizes: null, failed: false });
  React.useEffect(() => {
    let current = true;
    void fetchShippingOptions().then((result) => {
      if (current) setState(result.ok ? { sizes: result.data.sizes, failed: false } : { sizes: null, failed: true });
    });
    return () => {
      current = false;
    };
  }, []);
  return state;
}

const cardClass = (checked: boolean) =>
  cn(
    "relative flex cursor-pointer items-start gap-3 rounded-xl border bg-card p-4 transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40",
    checked ? "border-primary bg-primary/5" : "hover:bg-muted/50",
  );

type Props = {
  ids: string;
  value: ListingDelivery;
  onChange: (next: ListingDelivery, field: ListingField) => void;
  errors: Partial<Record<ListingField, string>>;
  disabled?: boolean;
};

export function ListingDeliverySection({ ids, value, onChange, errors, disabled }: Props) {
  const t = useTranslations("listing.delivery");
  const sizesText = useTranslations("shipping");
  const formatter = useFormatter();
  const { sizes, failed } = useShippingSizes();
  const errorId = (field: ListingField) => (errors[field] ? `${ids}-${field}-error` : undefined);

  const methods: { key: "pickup" | "shipping"; icon: typeof TruckIcon; title: string; text: string }[] = [
    { key: "pickup", icon: HandshakeIcon, title: t("pickup"), text: t("pickupText") },
    { key: "shipping", icon: TruckIcon, title: t("shipping"), text: t("shippingText") },
  ];

  return (
    <Section icon={TruckIcon} title={t("title")} headingId={`${ids}-delivery`} description={t("text")}>
      <fieldset
        id={`${ids}-delivery_options`}
        tabIndex={-1}
        className="grid min-w-0 gap-3 outline-none sm:grid-cols-2"
        aria-describedby={errorId("delivery_options")}
        data-testid="listing-delivery"
      >
        <legend className="sr-only">{t("methods")}</legend>
        {methods.map(({ key, icon: Icon, title, text }) => (
          <label key={key} className={cardClass(value[key])} data-testid={`listing-delivery-${key}`} data-checked={value[key]}>
            <input
              type="checkbox"
              className="peer sr-only"
              checked={value[key]}
              disabled={disabled}
              onChange={(event) => onChange({ ...value, [key]: event.target.checked }, "delivery_options")}
            />
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{title}</span>
              <span className="block text-sm text-muted-foreground">{text}</span>
            </span>
            <span
              aria-hidden="true"
              className={cn(
                "flex size-5 shrink-0 items-center justify-center rounded-[5px] border",
                value[key] ? "border-primary bg-primary text-primary-foreground" : "border-input",
              )}
            >
              {value[key] ? <CheckIcon className="size-3.5" strokeWidth={3} /> : null}
            </span>
          </label>
        ))}
      </fieldset>
      <FieldError id={errorId("delivery_options")} message={errors.delivery_options} field="delivery_options" />

      {value.shipping ? (
        <div className="space-y-3">
          <fieldset
            id={`${ids}-parcel_size`}
            tabIndex={-1}
            className="min-w-0 space-y-3 outline-none"
            aria-describedby={[`${ids}-size-text`, errorId("parcel_size")].filter(Boolean).join(" ")}
            data-testid="listing-parcel-size"
          >
            <legend className="text-sm font-medium">{t("size")}</legend>
            <p id={`${ids}-size-text`} className="text-sm text-muted-foreground">
              {t("sizeText")}
            </p>
            {sizes ? (
              <div className="grid gap-3 sm:grid-cols-3">
                {sizes.map((option) => {
                  const checked = value.size === option.size;
                  const { length, width, height } = option.max_dimensions_cm;
                  return (
                    <label key={option.size} className={cardClass(checked)} data-testid={`listing-size-${option.size}`} data-checked={checked}>
                      <input
                        type="radio"
                        name={`${ids}-parcel-size`}
                        className="peer sr-only"
                        value={option.size}
                        checked={checked}
                        disabled={disabled}
                        onChange={() => onChange({ ...value, size: option.size }, "parcel_size")}
                      />
                      <PackageIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                      <span className="min-w-0 flex-1 space-y-1">
                        <span className="block font-medium">{sizesText(`sizes.${option.size}`)}</span>
                        <span className="block text-xs text-muted-foreground">
                          {sizesText("sizeLimits", { kg: option.max_weight_kg, length, width, height })}
                        </span>
                        <span className="flex flex-wrap gap-x-3 text-sm tabular-nums" data-testid="listing-size-prices">
                          <span>NL {formatter.number(option.prices.NL, "euro")}</span>
                          <span>BE {formatter.number(option.prices.BE, "euro")}</span>
                        </span>
                      </span>
                    </label>
                  );
                })}
              </div>
            ) : (
              <p className="text-sm text-muted-foreground" role="status">
                {failed ? t("optionsFailed") : t("loading")}
              </p>
            )}
          </fieldset>
          <FieldError id={errorId("parcel_size")} message={errors.parcel_size} field="parcel_size" />
        </div>
      ) : null}
    </Section>
  );
}

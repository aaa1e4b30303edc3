"use client";

/**
 * The delivery choice of a cart with items of several sellers: per seller, the items, pickup
 * at that seller's town (only when each of them may be picked up) or shipping as one parcel
 * with its price, and what that seller's part costs (items, 5 % fee, shipping).
 */
import { useFormatter, useTranslations } from "next-intl";
import { HandshakeIcon, TruckIcon } from "lucide-react";
import { money } from "@/lib/platform/i18n/formats";
import { ChoiceCard } from "./choice-card";
import { checkoutTotals, sizePriceCents, type SellerGroup } from "./checkout-totals";
import type { DeliveryMethod, ShippingCountry, ShippingSizeOption } from "./types";

type Props = {
  ids: string;
  groups: SellerGroup[];
  groupMethod: (group: SellerGroup) => DeliveryMethod | null;
  onChoose: (sellerId: string, way: DeliveryMethod) => void;
  sizes: ShippingSizeOption[];
  country: ShippingCountry;
  disabled: boolean;
};

export function SellerParcels({ ids, groups, groupMethod, onChoose, sizes, country, disabled }: Props) {
  const t = useTranslations("shipping");
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4" data-testid="delivery-per-seller">
      <p className="text-sm text-muted-foreground">{t("checkout.perSellerText")}</p>
      {groups.map((group, index) => (
        <SellerParcel
          key={group.sellerId}
          name={`${ids}-seller-${index}`}
          group={group}
          way={groupMethod(group)}
          onChoose={(way) => onChoose(group.sellerId, way)}
          sizes={sizes}
          country={country}
          disabled={disabled}
        />
      ))}
    </div>
  );
}

function SellerParcel({
  name,
  group,
  way,
  onChoose,
  sizes,
  country,
  disabled,
}: {
  name: string;
  group: SellerGroup;
  way: DeliveryMethod | null;
  onChoose: (way: DeliveryMethod) => void;
  sizes: ShippingSizeOption[];
  country: ShippingCountry;
  disabled: boolean;
}) {
  const t = useTranslations("shipping");
  const formatter = useFormatter();
  const shippingCents = group.size ? sizePriceCents(sizes, group.size, country) : null;
  const totals = checkoutTotals(group.items, way ?? "pickup", sizes, country);
  return (
    <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 rounded-xl border p-3" data-testid="delivery-seller" data-seller-id={group.sellerId}>
      <legend className="px-1 text-sm font-semibold">{group.sellerName ? t("checkout.parcelOf", { name: group.sellerName }) : t("checkout.parcelOfUnknown")}</legend>
      <ul className="text-sm text-muted-foreground">
        {group.items.map((item) => (
          <li key={item.productId} className="truncate">
            {item.title}
          </li>
        ))}
      </ul>
      {way === null ? (
        <p className="text-xs text-muted-foreground">{t("checkout.perItem")}</p>
      ) : (
        <>
          <ChoiceCard
            name={name}
            value="pickup"
            checked={way === "pickup"}
            disabled={!group.pickup || disabled}
            onChange={() => onChoose("pickup")}
            icon={HandshakeIcon}
            title={t("checkout.pickup")}
            text={!group.pickup ? t("checkout.notPossibleAll") : group.place ? t("checkout.pickupText", { place: group.place }) : t("checkout.pickupTextNoPlace")}
            testId="delivery-seller-pickup"
          />
          <ChoiceCard
            name={name}
            value="shipping"
            checked={way === "shipping"}
            disabled={!group.shipping || disabled}
            onChange={() => onChoose("shipping")}
            icon={TruckIcon}
            title={t("checkout.shipping")}
            text={
              !group.shipping || !group.size
                ? t("checkout.notPossibleAll")
                : t("checkout.shippingText", { size: t(`sizes.${group.size}`), price: money(formatter, shippingCents ?? 0) })
            }
            testId="delivery-seller-shipping"
          />
        </>
      )}
      <p className="flex justify-between gap-4 text-sm" data-testid="delivery-seller-total">
        <span className="text-muted-foreground">{t("checkout.sellerTotal")}</span>
        <span className="font-semibold tabular-nums">{money(formatter, totals.totalCents)}</span>
      </p>
    </fieldset>
  );
}

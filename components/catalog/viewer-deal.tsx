"use client";

/**
 * The product page's part that is the viewer's own, drawn in the browser
 * from ./use-viewer-deal.ts so the cached page stays the same for everyone: a buyer who
 * paid sees that they bought it, the exact pickup address (the buyer of a
 * paid order sees it) and a link to the order; a buyer with an accepted offer sees the
 * agreed price (Buy Now then pays it); the map's note stops promising the address after
 * payment.
 */
import Link from "next/link";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { CircleCheckIcon, HandCoinsIcon, MapPinIcon } from "lucide-react";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { useViewerDeal } from "./use-viewer-deal";

export function BoughtNotice({ pickupAddress }: { pickupAddress: string | null }) {
  const t = useTranslations("viewerDeal");
  return (
    <div className="space-y-2 rounded-xl border border-primary/30 bg-primary/5 p-4" data-testid="viewer-deal" data-kind="bought" role="status">
      <p className="flex items-center gap-2 font-semibold">
        <CircleCheckIcon aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {t("bought")}
      </p>
      {pickupAddress ? (
        <p className="flex items-start gap-2 text-sm" data-testid="viewer-deal-pickup">
          <MapPinIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          {t("pickupAt", { address: pickupAddress })}
        </p>
      ) : null}
      <Link href="/orders" className="inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline" data-testid="viewer-deal-order">
        {t("viewOrder")}
      </Link>
    </div>
  );
}

export function OfferNotice({ amount, listPrice, expiresAt }: { amount: number; listPrice: number; expiresAt: string }) {
  const t = useTranslations("viewerDeal");
  const locale = resolveLocale(useLocale());
  const formatter = useFormatter();
  return (
    <div className="space-y-1 rounded-xl border border-primary/30 bg-primary/5 p-3 text-sm" data-testid="viewer-deal" data-kind="offer" role="status">
      <p className="flex items-center gap-2 font-medium">
        <HandCoinsIcon aria-hidden="true" className="size-4 shrink-0 text-primary" />
        {t("agreed", { price: formatter.number(amount, "euro"), listPrice: formatter.number(listPrice, "euro") })}
      </p>
      <p className="text-muted-foreground">{t("holdsUntil", { when: appFormatter(locale).dateTime(new Date(expiresAt), "dateTime") })}</p>
    </div>
  );
}

/** The map caption's note: the approximate area's (rendered on the server), or after buying where the address is. */
export function PickupNote({ productId, approximate }: { productId: string; approximate: string }) {
  const t = useTranslations("viewerDeal");
  const { deal } = useViewerDeal(productId);
  return <>{deal?.kind === "bought" ? t("mapNote") : approximate}</>;
}

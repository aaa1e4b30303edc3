"use client";

/**
 * The product page's bar on phones (below lg): the price, "Nu kopen"
 * (the page's Buy Now flow, ./buy-now-button.tsx) and "Doe een bod"
 * (./make-offer-button.tsx), fixed at the bottom while the page scrolls, as on Vinted.
 * For a signed-in user it sits on top of the tab bar (components/layout/tab-bar.tsx,
 * 4rem plus the safe area), never under it; while it is there the body gets room at its
 * end (app/globals.css, `body:has([data-sticky-bar])`), so the footer is never under it. Sold, reserved and the seller's own listing show as the page's
 * actions show them; the viewer's part comes from the browser (the page is cached).
 */
import { useFormatter, useTranslations } from "next-intl";
import { useSessionUser } from "@/components/auth/use-session-user";
import type { ProductStatus } from "@/lib/domains/catalog/client";
import { BuyNowButton, type ProductDelivery } from "./buy-now-button";
import { MakeOfferButton } from "./make-offer-button";
import { useViewerDeal } from "./use-viewer-deal";

type Props = {
  productId: string;
  title: string;
  price: number;
  /** The price as the server wrote it: no Intl formatter to build while the page hydrates. */
  priceText: string;
  /** What the buyer pays with the fee, as the server wrote it ("€ 42,00"), and its label ("incl. kopersbescherming"). */
  totalText: string;
  totalLabel: string;
  status: ProductStatus;
  sellerId: string;
  delivery?: ProductDelivery;
};

export function ProductStickyBar({ productId, title, price, priceText, totalText, totalLabel, status, sellerId, delivery }: Props) {
  const t = useTranslations("product");
  const formatter = useFormatter();
  const session = useSessionUser();
  const { deal } = useViewerDeal(productId);
  const own = session.user?.id === sellerId;
  const offerPrice = deal?.kind === "offer" && status === "available" && !own ? deal.amount : null;
  const tabBar = session.status === "authenticated";

  return (
    <>
      <div
        data-sticky-bar=""
        role="region"
        aria-label={t("stickyBar")}
        data-testid="product-sticky-bar"
        data-above-tab-bar={tabBar}
        className="fixed inset-x-0 z-30 border-t bg-background px-4 pt-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] lg:hidden"
        style={
          tabBar
            ? { bottom: "calc(4rem + env(safe-area-inset-bottom))", paddingBottom: "0.75rem" }
            : { bottom: 0, paddingBottom: "max(0.75rem, env(safe-area-inset-bottom))" }
        }
      >
        <div className="mx-auto flex max-w-3xl items-center gap-3">
          {/* The price takes the room the buttons leave. The all-in line stays one line (cut with an
              ellipsis on the narrowest phones, whole in its title) so the bar keeps the height the
              page's bottom padding leaves for it; the page itself shows it whole beside the price. */}
          <div className="min-w-0 flex-1">
            <p className="text-lg leading-tight font-bold text-primary tabular-nums" data-testid="sticky-price">
              {offerPrice === null ? priceText : formatter.number(offerPrice, "euro")}
            </p>
            {offerPrice === null ? (
              <p className="truncate text-[10px] leading-tight font-semibold" title={`${totalText} ${totalLabel}`} data-testid="sticky-all-in">
                <span className="text-xs whitespace-nowrap">{totalText}</span> {totalLabel}
              </p>
            ) : null}
          </div>
          {own ? (
            <p className="min-w-0 flex-1 text-right text-sm text-muted-foreground" data-testid="sticky-own">
              {t("buy.ownListing")}
            </p>
          ) : deal?.kind === "bought" ? (
            <p className="min-w-0 flex-1 text-right text-sm font-medium" data-testid="sticky-bought">
              {t("boughtShort")}
            </p>
          ) : (
            <div className="flex shrink-0 items-center justify-end gap-2">
              <MakeOfferButton productId={productId} title={title} price={price} status={status} sellerId={sellerId} testId="sticky-make-offer" className="shrink-0 px-3 [&_svg]:hidden" />
              <BuyNowButton
                compact
                testId="sticky-buy-now"
                productId={productId}
                price={price}
                status={status}
                isOwnListing={own}
                delivery={delivery}
                title={title}
                sellerId={sellerId}
              />
            </div>
          )}
        </div>
      </div>
    </>
  );
}

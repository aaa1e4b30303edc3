import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { MapPinIcon, TruckIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/platform/utils";
import type { CardActions } from "./card-actions";
import { CardHeart } from "./card-heart";
import { PRODUCT_PLACEHOLDER_IMAGE, type CardProduct } from "./card-product";
import { ConditionBadge } from "./condition-badge";
import { WasPrice } from "@/components/wishlist/was-price";

/**
 * One product in a grid: picture (or the placeholder), title, price, condition class and
 * place, with a sold or reserved badge. The card is one link to the product page. With
 * `withBuy`, an available product also gets a "Buy now" button below that link (never
 * inside it: a button in a link is invalid), and a frame holds both.
 * Works in server and client components alike.
 */
export function ProductCard({
  product,
  priority = false,
  headingLevel = 3,
  withBuy,
  className,
}: {
  product: CardProduct;
  /** Above the fold: load the picture at once and with high priority. */
  priority?: boolean;
  headingLevel?: 2 | 3;
  /**
   * CardActions, for a "Buy now" button (available products only). Handed in by the
   * grids that have it, so that other pages' code does not include it.
   */
  withBuy?: typeof CardActions;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const link = (
    <Link
      href={`/product/${product.id}`}
      // Product pages are cached whole, so a prefetch would fetch every card's page on a
      // phone's data plan and keep a copy that a sale or a deletion makes stale: the
      // page is fetched on the tap instead.
      prefetch={false}
      data-testid="product-card"
      data-product-id={product.id}
      data-status={product.status}
      className={cn(
        "group flex flex-col outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40",
        withBuy
          ? // Inside the frame, which clips: the focus ring goes inside.
            "flex-1 rounded-t-xl focus-visible:ring-inset"
          : cn(
              "h-full overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md",
              className,
            ),
      )}
    >
      <CardPicture product={product} priority={priority} />
      <CardFacts product={product} heading={Heading} />
    </Link>
  );
  // The heart sits over the picture, beside the link rather than inside it; with Buy,
  // one client component holds it and the "Buy now" row below the link.
  const Actions = withBuy;
  if (!Actions) {
    return (
      <div className="relative h-full" data-testid="product-card-wrap">
        {link}
        <CardHeart productId={product.id} title={product.title} sellerId={product.sellerId} />
      </div>
    );
  }
  return (
    <div
      data-testid="product-card-frame"
      className={cn(
        "relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md",
        className,
      )}
    >
      {link}
      <Actions
        productId={product.id}
        title={product.title}
        sellerId={product.sellerId}
        price={product.price}
        buy={product.status === "available"}
        ships={product.shippingPrice != null}
      />
    </div>
  );
}

/** The picture, with a sold or reserved badge over it. */
function CardPicture({ product, priority }: { product: CardProduct; priority: boolean }) {
  const t = useTranslations("catalog.card");
  const unavailable = product.status !== "available";
  return (
  <div className="relative aspect-[4/3] overflow-hidden bg-muted">
    {/* Pictures come from the storage driver (local disk or an S3 host); plain <img>
        with fixed dimensions keeps layout stable without configuring every host. */}
    {/* eslint-disable-next-line @next/next/no-img-element */}
    <img
      src={product.image ?? PRODUCT_PLACEHOLDER_IMAGE}
      alt=""
      width={400}
      height={300}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      className={cn(
        "size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]",
        unavailable && "opacity-70 grayscale-[40%]",
      )}
    />
    {product.status === "sold" ? (
      <Badge variant="destructive" className="absolute top-2 left-2 shadow-sm" data-testid="product-card-sold">
        {t("sold")}
      </Badge>
    ) : product.status === "reserved" ? (
      <Badge variant="warm" className="absolute top-2 left-2 bg-card shadow-sm" data-testid="product-card-reserved">
        {t("reserved")}
      </Badge>
    ) : null}
  </div>
  );
}

/** Title, price, condition class, place, distance and shipping price. */
function CardFacts({ product, heading: Heading }: { product: CardProduct; heading: "h2" | "h3" }) {
  const t = useTranslations("catalog.card");
  const shipping = useTranslations("shipping");
  const formatter = useFormatter();
  return (
  <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
    <Heading className="line-clamp-2 text-sm leading-snug font-medium group-hover:underline group-hover:underline-offset-2">
      {product.title}
    </Heading>
    <p className="flex flex-wrap items-baseline gap-x-2" data-testid="product-card-price-line">
      <span className="text-lg font-bold tracking-tight text-primary" data-testid="product-card-price">
        {formatter.number(product.price, "euro")}
      </span>
      <WasPrice price={product.previousPrice} />
    </p>
    {/* What the buyer pays, as prominent as the price (the fee is never a surprise at checkout). */}
    <p className="flex flex-wrap items-baseline gap-x-1.5 leading-tight" data-testid="product-card-total">
      <span className="text-lg font-bold tracking-tight text-foreground">{formatter.number(product.buyerTotal / 100, "euro")}</span>
      <span className="text-xs text-muted-foreground">{t("allIn")}</span>
    </p>
    <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1.5 pt-1">
      <ConditionBadge condition={product.condition} />
      {product.place && product.pickup !== false ? (
        <span className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground" data-testid="product-card-pickup">
          <MapPinIcon aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="truncate">{product.shippingPrice != null ? shipping("pickupIn", { place: product.place }) : product.place}</span>
        </span>
      ) : null}
      {product.distanceKm != null ? (
        <span className="text-xs font-medium whitespace-nowrap text-foreground" data-testid="product-card-distance">
          <span className="sr-only">{t("distanceLabel")}: </span>
          {t("distance", { km: product.distanceKm })}
        </span>
      ) : null}
      {product.shippingPrice != null ? (
        <span className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground" data-testid="product-card-shipping">
          <TruckIcon aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="truncate">{shipping("shippingPrice", { price: formatter.number(product.shippingPrice, "euro") })}</span>
        </span>
      ) : null}
    </div>
  </div>
  );
}

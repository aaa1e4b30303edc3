"use client";

/**
 * The products map: one marker per product with numeric pickup
 * coordinates, coloured by condition class (docs/catalog.md), a popup with image,
 * title, price and a link to the product, a legend of the four classes and the count of
 * products shown.
 *
 * Positions are shown as given. Before payment only an approximate position may be public
 * (docs/payments.md), so callers pass approximatePosition() of the pickup spot
 * (lib/domains/geo/privacy.ts).
 */
import * as React from "react";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { ImageIcon } from "lucide-react";
import {
  CONDITION_CLASS_COLORS,
  CONDITION_CLASSES,
  conditionClass,
  type ConditionClass,
} from "@/lib/domains/catalog/client";
import { cn } from "@/lib/platform/utils";
import { DEFAULT_CENTER, MAP_HEIGHT_PX, PRODUCTS_MAP_ZOOM } from "./constants";
import { MapView } from "./map-view";
import type { MapMarkerSpec, MapProduct } from "./types";

export type ProductsMapProps = {
  products: MapProduct[];
  googleMapsKey?: string;
  googleMapId?: string;
  /** Fit the view to the markers (default); otherwise zoom 8 around the centre of the country. */
  fitToMarkers?: boolean;
  height?: number;
  className?: string;
};

type LocatedProduct = MapProduct & { lat: number; lng: number };

/** Only numeric, finite coordinates get a marker. */
export function hasCoordinates(product: MapProduct): product is LocatedProduct {
  return (
    typeof product.lat === "number" &&
    Number.isFinite(product.lat) &&
    typeof product.lng === "number" &&
    Number.isFinite(product.lng)
  );
}

export function ProductsMap({
  products,
  googleMapsKey,
  googleMapId,
  fitToMarkers = true,
  height = MAP_HEIGHT_PX,
  className,
}: ProductsMapProps) {
  const t = useTranslations("maps.products");
  // The product's own condition in the sell form's words (one vocabulary);
  // only the legend groups them into the four colours.
  const tc = useTranslations("product.conditions");
  const formatter = useFormatter();
  const [openId, setOpenId] = React.useState<string | null>(null);

  const located = React.useMemo(() => products.filter(hasCoordinates), [products]);
  const withoutLocation = products.length - located.length;

  const markers = React.useMemo<MapMarkerSpec[]>(
    () =>
      located.map((product) => {
        const cls = conditionClass(product.condition);
        return {
          id: product.id,
          position: { lat: product.lat, lng: product.lng },
          color: CONDITION_CLASS_COLORS[cls],
          shape: "dot",
          title: t("markerTitle", { title: product.title, price: formatter.number(product.price, "euro"), condition: tc(product.condition) }),
          testId: "products-map-marker",
          data: { "condition-class": cls, "product-id": product.id },
        };
      }),
    [located, t, tc, formatter],
  );

  const open = openId ? located.find((product) => product.id === openId) : undefined;

  return (
    // Not a landmark of its own: the map inside is the "map of products" region (one
    // landmark with that name, axe landmark-unique).
    <section className={cn("space-y-3", className)} data-testid="products-map">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-sm font-medium" data-testid="products-map-count" aria-live="polite">
          {t("count", { count: located.length })}
        </p>
        {withoutLocation > 0 ? (
          <p className="text-xs text-muted-foreground" data-testid="products-map-without-location">
            {t("withoutLocation", { count: withoutLocation })}
          </p>
        ) : null}
      </div>

      <MapView
        label={t("mapLabel")}
        testId="products-map-canvas"
        center={DEFAULT_CENTER}
        zoom={PRODUCTS_MAP_ZOOM}
        height={height}
        markers={markers}
        fitToMarkers={fitToMarkers && markers.length > 0}
        popup={open ? { markerId: open.id, content: <ProductPopup product={open} /> } : null}
        onMarkerClick={setOpenId}
        onPopupClose={() => setOpenId(null)}
        googleMapsKey={googleMapsKey}
        googleMapId={googleMapId}
      />

      <ConditionLegend />
    </section>
  );
}

export function ConditionLegend({ className }: { className?: string }) {
  const t = useTranslations("maps.products");
  const tc = useTranslations("maps.conditions");
  return (
    <div className={cn("flex flex-wrap items-center gap-x-4 gap-y-2 text-sm", className)} data-testid="products-map-legend">
      <span id="products-map-legend-title" className="font-medium">
        {t("legendTitle")}
      </span>
      <ul className="flex flex-wrap gap-x-4 gap-y-2" aria-labelledby="products-map-legend-title">
        {CONDITION_CLASSES.map((cls) => (
          <li key={cls} className="flex items-center gap-1.5" data-testid="products-map-legend-item" data-condition-class={cls}>
            <ConditionDot cls={cls} />
            {tc(cls)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ConditionDot({ cls }: { cls: ConditionClass }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-3.5 rounded-full border-2 border-white shadow-[0_0_0_1px_rgb(0_0_0/0.2)]"
      style={{ backgroundColor: CONDITION_CLASS_COLORS[cls] }}
    />
  );
}

function ProductPopup({ product }: { product: LocatedProduct }) {
  const t = useTranslations("maps.products");
  const tc = useTranslations("product.conditions");
  const formatter = useFormatter();
  const cls = conditionClass(product.condition);
  return (
    <div className="w-52 sm:w-60" data-testid="products-map-popup" data-product-id={product.id}>
      {product.image ? (
        // A small picture in a map overlay, from the storage driver (local or S3 host);
        // next/image would need every storage host configured and adds nothing here.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={product.image}
          alt=""
          width={240}
          height={140}
          loading="lazy"
          className="h-32 w-full rounded-md bg-muted object-cover"
        />
      ) : (
        <div className="flex h-32 w-full items-center justify-center rounded-md bg-muted text-muted-foreground">
          <ImageIcon aria-hidden="true" className="size-8" />
          <span className="sr-only">{t("noImage")}</span>
        </div>
      )}
      <p className="mt-2 line-clamp-2 text-sm font-semibold text-foreground">{product.title}</p>
      <div className="mt-1 flex items-center justify-between gap-2">
        <span className="text-base font-bold text-primary" data-testid="products-map-popup-price">
          {formatter.number(product.price, "euro")}
        </span>
        <span className="flex items-center gap-1 text-xs text-muted-foreground">
          <ConditionDot cls={cls} />
          {tc(product.condition)}
        </span>
      </div>
      <Link
        href={`/product/${product.id}`}
        prefetch={false}
        data-testid="products-map-popup-link"
        className="kw-popup-link mt-2 flex h-8 items-center justify-center rounded-md bg-primary px-3 text-sm font-medium no-underline hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
      >
        {t("viewProduct")}
      </Link>
    </div>
  );
}

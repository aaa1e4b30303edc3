/**
 * The map on the product page. Before purchase it shows only an approximate area: a
 * circle of about 1 km around the position snapped to a 0.01° grid, and no marker
 * (docs/payments.md). With `exact` (the buyer of a paid order) a marker on the
 * pickup spot.
 *
 * The component rounds as well, but privacy is the server's job: for anyone but the buyer
 * pass approximatePosition() (lib/domains/geo/privacy.ts), so the exact spot never reaches the
 * browser.
 *
 * The figure and its caption render on the server; the map's code (and Leaflet or Google)
 * loads when the map comes near the viewport (./deferred-map.tsx), not with the page.
 */
import type * as React from "react";
import { useTranslations } from "next-intl";
import { MapPinIcon, ShieldCheckIcon } from "lucide-react";
import { approximatePosition } from "@/lib/domains/geo/client";
import { cn } from "@/lib/platform/utils";
import { MAP_HEIGHT_PX } from "./constants";
import { DeferredItemMap } from "./deferred-map";

export type ItemLocationMapProps = {
  lat: number;
  lng: number;
  /** Show the exact spot (only for the buyer of a paid order). */
  exact?: boolean;
  /** The place (before purchase) or the pickup address (exact). */
  label?: string;
  googleMapsKey?: string;
  googleMapId?: string;
  height?: number;
  className?: string;
  /** Instead of the approximate area's note (the product page's, which changes after buying). */
  approximateNote?: React.ReactNode;
};

export function ItemLocationMap({
  lat,
  lng,
  exact = false,
  label,
  googleMapsKey,
  googleMapId,
  height = MAP_HEIGHT_PX,
  className,
  approximateNote,
}: ItemLocationMapProps) {
  const t = useTranslations("maps.item");
  const shown = exact ? { lat, lng } : approximatePosition(lat, lng);
  return (
    <figure className={cn("space-y-2", className)} data-testid="item-location" data-precision={exact ? "exact" : "approximate"}>
      <DeferredItemMap
        lat={shown.lat}
        lng={shown.lng}
        exact={exact}
        label={label}
        googleMapsKey={googleMapsKey}
        googleMapId={googleMapId}
        height={height}
        regionLabel={exact ? t("mapLabelExact") : t("mapLabel")}
      />
      <figcaption className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="item-location-caption">
        {exact ? (
          <MapPinIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        ) : (
          <ShieldCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        )}
        <span>
          {label ? <span className="font-medium text-foreground">{label}. </span> : null}
          {exact ? t("exactNote") : (approximateNote ?? t("approximateNote"))}
        </span>
      </figcaption>
    </figure>
  );
}

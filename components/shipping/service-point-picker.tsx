"use client";

/**
 * Service points and parcel lockers near a postcode (GET /api/shipping/service-points):
 * a list to choose from, nearest first, with opening hours, and a map on request (its
 * code loads when it is opened).
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { ClockIcon, MapIcon, MapPinIcon, SearchIcon, StoreIcon, BoxIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/platform/utils";
import { fetchServicePoints } from "./shipping-api";
import { carrierName, shippingPostcode, type ServicePoint, type ShippingCountry } from "./types";

const ServicePointMap = React.lazy(() => import("./service-point-map"));

type Props = {
  ids: string;
  country: ShippingCountry;
  postcode: string;
  onPostcode: (postcode: string) => void;
  points: ServicePoint[] | null;
  onPoints: (points: ServicePoint[]) => void;
  selected: string | null;
  onSelect: (id: string) => void;
  error?: string;
  disabled?: boolean;
};

export function ServicePointPicker({ ids, country, postcode, onPostcode, points, onPoints, selected, onSelect, error, disabled }: Props) {
  const t = useTranslations("shipping");
  const [state, setState] = React.useState<"idle" | "loading" | "failed" | "invalid">("idle");
  const [showMap, setShowMap] = React.useState(false);
  const request = React.useRef<AbortController | null>(null);
  React.useEffect(() => () => request.current?.abort(), []);

  async function search() {
    const tidy = shippingPostcode(postcode, country);
    if (!tidy) {
      setState("invalid");
      return;
    }
    onPostcode(tidy);
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setState("loading");
    const result = await fetchServicePoints(tidy, country, controller.signal);
    if (controller.signal.aborted) return;
    if (!result.ok) {
      setState("failed");
      return;
    }
    setState("idle");
    onPoints(result.data.service_points);
  }

  const postcodeError = state === "invalid" ? t(country === "NL" ? "checkout.errors.postcodeNL" : "checkout.errors.postcodeBE") : undefined;

  return (
    <div className="min-w-0 space-y-3" data-testid="service-point-picker">
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-point-postcode`}>{t("checkout.pointPostcode")}</Label>
        <div className="flex min-w-0 gap-2">
          <Input
            id={`${ids}-point-postcode`}
            value={postcode}
            onChange={(event) => {
              onPostcode(event.target.value);
              if (state === "invalid") setState("idle");
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                void search();
              }
            }}
            autoComplete="shipping postal-code"
            aria-invalid={postcodeError ? true : undefined}
            aria-describedby={postcodeError ? `${ids}-point-postcode-error` : undefined}
            disabled={disabled}
            data-testid="service-point-postcode"
          />
          <Button type="button" variant="secondary" onClick={() => void search()} disabled={disabled || state === "loading"} data-testid="service-point-search">
            {state === "loading" ? <Spinner className="text-current" /> : <SearchIcon aria-hidden="true" />}
            {state === "loading" ? t("checkout.searching") : t("checkout.search")}
          </Button>
        </div>
        {postcodeError ? (
          <p id={`${ids}-point-postcode-error`} className="text-sm font-medium text-destructive">
            {postcodeError}
          </p>
        ) : null}
        {state === "failed" ? (
          <p role="alert" className="text-sm text-destructive">
            {t("checkout.pointsFailed")}
          </p>
        ) : null}
      </div>

      {points && points.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground" data-testid="service-points-empty">
          {t("checkout.noPoints")}
        </p>
      ) : null}

      {points && points.length > 0 ? (
        <>
          <div className="flex items-center justify-between gap-2">
            <h3 id={`${ids}-points`} className="text-sm font-medium">
              {t("checkout.points")}
            </h3>
            <Button type="button" variant="ghost" size="sm" onClick={() => setShowMap((shown) => !shown)} aria-expanded={showMap} data-testid="service-point-map-toggle">
              <MapIcon aria-hidden="true" />
              {showMap ? t("checkout.hideMap") : t("checkout.showMap")}
            </Button>
          </div>
          {showMap ? (
            <React.Suspense fallback={<div className="h-60 animate-pulse rounded-xl bg-muted" />}>
              <ServicePointMap points={points} selected={selected} onSelect={onSelect} />
            </React.Suspense>
          ) : null}
          <div
            role="radiogroup"
            aria-labelledby={`${ids}-points`}
            aria-describedby={error ? `${ids}-point-error` : undefined}
            aria-invalid={error ? true : undefined}
            className="max-h-72 space-y-2 overflow-y-auto pr-1"
            data-testid="service-point-list"
          >
            {points.map((point) => (
              <PointOption key={point.id} ids={ids} point={point} checked={point.id === selected} onSelect={onSelect} disabled={disabled} />
            ))}
          </div>
        </>
      ) : null}
      {error ? (
        <p id={`${ids}-point-error`} className="text-sm font-medium text-destructive" data-testid="shipping-error-service_point_id">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Point = NonNullable<Props["points"]>[number];

/** One service point to choose: kind, carrier, distance, address and opening hours. */
function PointOption({
  ids,
  point,
  checked,
  onSelect,
  disabled,
}: {
  ids: string;
  point: Point;
  checked: boolean;
  onSelect: Props["onSelect"];
  disabled: Props["disabled"];
}) {
  const t = useTranslations("shipping");
  const Icon = point.kind === "locker" ? BoxIcon : StoreIcon;
  const distance = (metres: number | null) =>
    metres === null ? null : metres < 1000 ? t("distanceM", { distance: Math.round(metres) }) : t("distanceKm", { distance: (metres / 1000).toFixed(1) });
  return (
  <div
      className={cn(
      "rounded-xl border p-3 text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40",
      checked ? "border-primary bg-primary/5" : "hover:bg-muted/50",
    )}
    data-testid="service-point"
    data-point-id={point.id}
    data-checked={checked}
  >
    <label className="flex cursor-pointer items-start gap-3">
      <input
        type="radio"
        name={`${ids}-service-point`}
        value={point.id}
        checked={checked}
        onChange={() => onSelect(point.id)}
        disabled={disabled}
        className="mt-1 accent-primary"
      />
      <span className="min-w-0 flex-1 space-y-0.5">
        <span className="flex min-w-0 items-center gap-1.5 font-medium">
          <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
          <span className="truncate">{point.name}</span>
        </span>
        <span className="block text-muted-foreground">
          {t(`kind.${point.kind}`)} · {carrierName(point.carrier)}
          {point.distance_m !== null ? ` · ${distance(point.distance_m)}` : ""}
        </span>
        <span className="flex items-start gap-1 text-muted-foreground">
          <MapPinIcon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          {point.address.street} {point.address.house_number}, {point.address.postcode} {point.address.city}
        </span>
      </span>
    </label>
    {point.opening_hours.length > 0 ? (
      <details className="mt-1 pl-7 text-xs text-muted-foreground">
        <summary className="flex cursor-pointer items-center gap-1">
          <ClockIcon aria-hidden="true" className="size-3.5" />
          {t("checkout.openingHours")}
        </summary>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
          {point.opening_hours.map((day) => (
            <React.Fragment key={day.day}>
              <dt>{t.has(`days.${day.day}`) ? t(`days.${day.day}`) : day.day}</dt>
              <dd>{day.hours.length ? day.hours.join(", ") : t("closed")}</dd>
            </React.Fragment>
          ))}
        </dl>
      </details>
    ) : null}
  </div>
  );
}

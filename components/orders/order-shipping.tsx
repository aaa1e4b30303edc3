"use client";

/**
 * An order's shipping, on the buyer's order card and the seller's sale card:
 * where it goes (a service point or an address), "ship by" until the label exists, then
 * the carrier, tracking code and link and the tracking timeline. The seller makes the
 * label and downloads it; the buyer sees the time left to report a problem after the
 * delivery. With the test provider, either party can move the parcel on ("advance").
 */
import * as React from "react";
import { useLocale, useTranslations } from "next-intl";
import { DownloadIcon, ExternalLinkIcon, FastForwardIcon, PackageIcon, PackageXIcon, StoreIcon, TagIcon, TruckIcon } from "lucide-react";
import { advanceTestShipment, createShipment } from "@/components/shipping/shipping-api";
import { carrierName, type OrderShipping, type ServicePoint, type ShipmentStatus, type ShippingAddress, type TestEvent } from "@/components/shipping/types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { cn } from "@/lib/platform/utils";
import type { OrderJson } from "./order-api";
import { isStale, useOrderErrorText } from "./use-order-error-text";
import { SenderAddressForm } from "./sender-address-form";

export type ShippingOrder = OrderJson & OrderShipping;

/** The shipping fields of an order JSON (older answers lack them). */
export function shippingOf(order: OrderJson): ShippingOrder {
  return order as ShippingOrder;
}

export function isShippingOrder(order: OrderJson): boolean {
  return shippingOf(order).delivery_method === "shipping";
}

const DATE_TIME = { dateStyle: "medium", timeStyle: "short" } as const;
/** A deadline: "vrijdag 4 december 17:00" (no dateStyle: Intl refuses it beside the parts). */
const DEADLINE = { weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" } as const;

/** The test provider's next carrier scan after a status. */
const NEXT_TEST_EVENT: Partial<Record<ShipmentStatus, TestEvent>> = { label_created: "in_transit", in_transit: "delivered" };

const STATUS_STYLE: Record<ShipmentStatus, string> = {
  label_created: "bg-card text-foreground",
  in_transit: "border-transparent bg-primary/10 text-primary",
  delivered: "border-transparent bg-secondary text-secondary-foreground",
  returned: "border-transparent bg-destructive/10 text-destructive",
  lost: "border-transparent bg-destructive/10 text-destructive",
};

/** The time to the minute, ticking each minute; null while rendering on the server. */
function subscribeMinutes(tick: () => void) {
  const timer = window.setInterval(tick, 60_000);
  return () => window.clearInterval(timer);
}
const minuteNow = () => Math.floor(Date.now() / 60_000) * 60_000;

/** Hours and minutes until `until`, or null when it has passed. */
function useTimeLeft(until: string | null | undefined): { hours: number; minutes: number } | null {
  const now = React.useSyncExternalStore(subscribeMinutes, minuteNow, () => null);
  if (!until || now === null) return null;
  const left = new Date(until).getTime() - now;
  if (!(left > 0)) return null;
  return { hours: Math.floor(left / 3_600_000), minutes: Math.floor((left % 3_600_000) / 60_000) };
}

function Destination({ address, point }: { address: ShippingAddress | null | undefined; point: ServicePoint | null | undefined }) {
  const t = useTranslations("orders.shipping");
  if (point) {
    return (
      <div className="space-y-0.5" data-testid="order-shipping-point">
        <p className="flex items-center gap-1.5 font-medium">
          <StoreIcon aria-hidden="true" className="size-4 text-primary" />
          {t("toPoint")}
        </p>
        <address className="text-sm not-italic">
          {point.name}
          <br />
          {point.address.street} {point.address.house_number}, {point.address.postcode} {point.address.city}
        </address>
      </div>
    );
  }
  if (!address) return null;
  return (
    <div className="space-y-0.5" data-testid="order-shipping-address">
      <p className="font-medium">{t("to")}</p>
      <address className="text-sm not-italic">
        {address.name}
        <br />
        {address.street} {address.house_number}
        {address.house_number_suffix ? ` ${address.house_number_suffix}` : ""}
        <br />
        {address.postcode} {address.city} ({address.country})
      </address>
    </div>
  );
}

type Props = {
  order: OrderJson;
  role: "buyer" | "seller";
  onChange: (order: OrderJson) => void;
  onStale: () => void;
  /** The section's heading level: one below the product title's. */
  heading: "h3" | "h5";
};

export function OrderShipping({ order, role, onChange, onStale, heading: Heading }: Props) {
  const t = useTranslations("orders.shipping");
  const sales = useTranslations("sales.shipping");
  const names = useTranslations("shipping");
  const locale = resolveLocale(useLocale());
  const errorText = useOrderErrorText();
  const [busy, setBusy] = React.useState<string | null>(null);
  // The label needs the seller's sender address: asked for the first time here.
  const [needSender, setNeedSender] = React.useState(false);
  const shipping = shippingOf(order);
  const shipment = shipping.shipment ?? null;
  const actions = order.actions as readonly string[];
  const shipBy = shipment?.ship_by ?? shipping.ship_by ?? null;
  const claimLeft = useTimeLeft(shipment?.status === "delivered" && order.delivery_status === "pending" ? shipment.claim_until : null);
  const testEvent = shipment ? NEXT_TEST_EVENT[shipment.status] : undefined;

  async function act(key: string, call: () => ReturnType<typeof createShipment>, success: string, failed: string) {
    if (busy) return;
    setBusy(key);
    const result = await call();
    setBusy(null);
    if (result.ok) {
      onChange(result.data);
      toast.success(success);
      return;
    }
    if (result.error.code === "sender_address_required") {
      setNeedSender(true);
      return;
    }
    toast.error(errorText(result.error, failed));
    if (isStale(result.error)) onStale();
  }
  const makeLabel = () => void act("label", () => createShipment(order.id), sales("created"), sales("failed"));

  return (
    <section
      aria-label={t("title")}
      className="space-y-3 rounded-xl border p-4 text-sm"
      data-testid="order-shipping"
      data-shipment-status={shipment?.status ?? "none"}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="flex items-center gap-2 font-semibold">
          <TruckIcon aria-hidden="true" className="size-4 text-primary" />
          {t("title")}
        </Heading>
        <Badge variant="outline" className={shipment ? STATUS_STYLE[shipment.status] : "bg-card"} data-testid="order-shipment-status">
          {shipment ? names(`status.${shipment.status}`) : names("status.awaiting")}
        </Badge>
      </div>

      {!shipment && shipBy && order.status === "held" ? (
        <p className={cn(role === "seller" && "font-semibold")} data-testid="order-ship-by">
          {role === "seller"
            ? sales("shipBy", { date: appFormatter(locale).dateTime(new Date(shipBy), DEADLINE) })
            : t("waiting", { date: appFormatter(locale).dateTime(new Date(shipBy), DEADLINE) })}
        </p>
      ) : null}

      <Destination address={shipping.shipping_address} point={shipping.service_point} />

      {shipment ? <ShipmentTracking shipment={shipment} /> : null}

      {shipment?.status === "lost" || shipment?.status === "returned" ? (
        <p className="flex items-start gap-2 rounded-lg bg-muted px-3 py-2">
          <PackageXIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t(shipment.status)}
        </p>
      ) : null}

      {role === "buyer" && claimLeft && (actions.includes("confirm_delivery") || actions.includes("dispute")) ? (
        <ClaimLeft left={claimLeft} until={shipment!.claim_until!} />
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {shipment?.tracking_url ? (
          <Button asChild variant="outline" size="sm">
            <a href={shipment.tracking_url} target="_blank" rel="noopener noreferrer" data-testid="order-tracking-link">
              <ExternalLinkIcon aria-hidden="true" />
              {t("track")}
            </a>
          </Button>
        ) : null}
        {role === "seller" && shipment?.label_url ? (
          <Button asChild variant="outline" size="sm">
            <a href={shipment.label_url} download data-testid="sale-label-download">
              <DownloadIcon aria-hidden="true" />
              {sales("download")}
            </a>
          </Button>
        ) : null}
        {role === "seller" && actions.includes("create_shipment") ? (
          <Button
            size="sm"
            onClick={makeLabel}
            disabled={busy !== null}
            aria-busy={busy === "label" || undefined}
            data-testid="sale-create-label"
          >
            {busy === "label" ? <Spinner className="text-current" /> : <TagIcon aria-hidden="true" />}
            {busy === "label" ? sales("creating") : sales("createLabel")}
          </Button>
        ) : null}
        {role === "seller" && needSender && actions.includes("create_shipment") ? (
          <SenderAddressForm
            onSaved={() => {
              setNeedSender(false);
              makeLabel();
            }}
          />
        ) : null}
        {shipment && actions.includes("advance_test_shipment") && testEvent ? (
          <TestShipmentButtons shipment={shipment} testEvent={testEvent} busy={busy} act={act} />
        ) : null}
      </div>
    </section>
  );
}

type Shipment = NonNullable<ReturnType<typeof shippingOf>["shipment"]>;

/** The carrier, the tracking code and the tracking timeline. */
function ShipmentTracking({ shipment }: { shipment: Shipment }) {
  const t = useTranslations("orders.shipping");
  const names = useTranslations("shipping");
  const locale = resolveLocale(useLocale());
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">{t("carrier")}</dt>
        <dd data-testid="order-carrier">{carrierName(shipment.carrier)}</dd>
        {shipment.tracking_code ? (
          <>
            <dt className="text-muted-foreground">{t("trackingCode")}</dt>
            <dd className="font-mono break-all" data-testid="order-tracking-code">
              {shipment.tracking_code}
            </dd>
          </>
        ) : null}
      </dl>

    {shipment.events.length ? (
      <div>
        <p className="mb-1.5 font-medium">{t("timeline")}</p>
        <ol className="space-y-2 border-l-2 border-primary/30 pl-4" data-testid="order-tracking-timeline">
          {shipment.events.map((event, index) => (
            <li key={`${event.status}-${event.at}`} className="relative" data-testid="order-tracking-event" data-status={event.status}>
              <span
                aria-hidden="true"
                className={cn(
                  "absolute top-1.5 -left-[21px] size-2.5 rounded-full",
                  index === shipment.events.length - 1 ? "bg-primary" : "bg-primary/40",
                )}
              />
              <span className="font-medium">{names(`status.${event.status}`)}</span>{" "}
              <time dateTime={event.at} className="text-muted-foreground">
                {appFormatter(locale).dateTime(new Date(event.at), DATE_TIME)}
              </time>
            </li>
          ))}
        </ol>
      </div>
    ) : null}
    </>
  );
}

/** Test mode only: move the test shipment on to its next state, or lose it. */
function TestShipmentButtons({
  shipment,
  testEvent,
  busy,
  act,
}: {
  shipment: Shipment;
  testEvent: TestEvent;
  busy: string | null;
  act: (key: string, call: () => ReturnType<typeof createShipment>, success: string, failed: string) => Promise<void>;
}) {
  const t = useTranslations("orders.shipping");
  const names = useTranslations("shipping");
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void act("advance", () => advanceTestShipment(shipment.id, testEvent), t("advanceDone"), t("advanceFailed"))}
        disabled={busy !== null}
        data-testid="order-advance-shipment"
        data-event={testEvent}
      >
        <FastForwardIcon aria-hidden="true" />
        {t("advance", { status: names(`status.${testEvent}`) })}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void act("lost", () => advanceTestShipment(shipment.id, "lost"), t("advanceDone"), t("advanceFailed"))}
        disabled={busy !== null}
        data-testid="order-advance-lost"
      >
        <PackageIcon aria-hidden="true" />
        {t("advanceLost")}
      </Button>
    </>
  );
}

/** How long, and until when, the buyer has to confirm the delivery or report a problem. */
function ClaimLeft({ left, until }: { left: { hours: number; minutes: number }; until: string }) {
  const t = useTranslations("orders.shipping");
  const locale = resolveLocale(useLocale());
  return (
    <p className="rounded-lg bg-primary/5 px-3 py-2" data-testid="order-claim-left">
      {t("claimLeft", {
        time: left.hours > 0 ? t("hours", { count: left.hours }) : t("minutes", { count: Math.max(1, left.minutes) }),
        until: appFormatter(locale).dateTime(new Date(until), "dateTime"),
      })}
    </p>
  );
}

/**
 * MyParcel (https://api.myparcel.nl, developer.myparcel.nl API reference sections 6–11):
 * PostNL, DHL and bpost through one API; used when MYPARCEL_API_KEY is set.
 *
 * - createShipment: finds a shipment with our reference first (GET /shipments?
 *   reference_identifier=…) and reuses it, else POST /shipments
 *   (application/vnd.shipment+json;version=1.1). MyParcel gives a shipment its barcode
 *   when its label is first made (status 1 concept → 2 registered), so we then ask for
 *   the label's download link (GET /shipment_labels/{id}, JSON) and read the barcode
 *   from GET /shipments/{id}.
 *   Sizes: mailbox → package_type 2 (brievenbuspakje), parcel → 1, large → 1 with
 *   large_format. A service point → delivery_type 4 with `pickup` {location_code, …} and
 *   signature (required for pickup); MyParcel's recipient address is then the point's
 *   address under the buyer's name (we do not have the buyer's home address). Delivery
 *   types exist for package_type 1 only, so a mailbox parcel to a service point is sent
 *   as a package. The seller is the sender (`sender` + x-dmp-set-custom-sender, which the
 *   MyParcel account must allow), so a return goes back to them.
 *   Carriers: PostNL 1, bpost 2 (SendMyParcel.be accounts only), DHL For You 9.
 *   Tracking URL: https://myparcel.me/track-trace/{barcode}/{postcode}/{cc}, MyParcel's
 *   consumer portal (their SDKs build the same), which forwards to the carrier's page.
 * - createReturnShipment: POST /shipments as application/vnd.return_shipment+json with
 *   `parent` (the outbound shipment: MyParcel sends the return to its sender, the seller)
 *   or, without one (a pickup withdrawn), as application/vnd.unrelated_return_shipment+json;
 *   found again by our reference first, then its barcode as for createShipment.
 * - label: GET /shipment_labels/{id}?format=A6, Accept application/pdf.
 * - servicePoints: GET /pickup_locations?cc=&postal_code=&number=&carrier=&platform=myparcel
 *   (public, but sent with our key). A point is a locker when MyParcel's location_type says
 *   so or, as the API documents no such field, when its name says so ("automaat", …).
 * - shipmentState / parseWebhook: see STATUS below and parseMyParcelWebhook.
 */
import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { MyParcelHttp, type MyParcelHttpOptions } from "./myparcel-http";
import { createMyParcelReturn } from "./myparcel-returns";
import { compactPostcode, shipmentBody } from "./myparcel-shipment";
import { carrierFor } from "./prices";
import {
  ShippingProviderError,
  WebhookPayloadError,
  type Carrier,
  type OpeningHours,
  type ProviderShipmentState,
  type ServicePoint,
  type ShipmentStatus,
  type ShippingProvider,
} from "./types";

const CARRIER_NAMES: Record<Carrier, string> = { postnl: "postnl", bpost: "bpost", dhl: "dhlforyou" };
const SHIPMENT_CONTENT_TYPE = "application/vnd.shipment+json;charset=utf-8;version=1.1";

/**
 * MyParcel shipment_status → ours. 1–2 (concept, registered) and the printed, credited,
 * expired, cancelled and inactive states move nothing (null). 3–6 (handed to carrier,
 * sorting, distribution, customs) → in_transit. 7 (at recipient), 8 (ready for pickup at
 * a service point), 9 (picked up there) and 19 (at an agreed location) → delivered: once
 * the parcel waits at the point the buyer can fetch it, so the claim window starts then.
 * 10–11 (return shipment ready for pickup / picked up: back with the sender) → returned.
 * MyParcel has no status for a lost parcel: nothing maps to `lost`; a lost parcel is
 * declared by an admin through the core (docs/shipping.md).
 */
export const MYPARCEL_STATUS: Readonly<Record<number, ShipmentStatus>> = {
  3: "in_transit",
  4: "in_transit",
  5: "in_transit",
  6: "in_transit",
  7: "delivered",
  8: "delivered",
  9: "delivered",
  19: "delivered",
  10: "returned",
  11: "returned",
};

export function statusFromMyParcel(status: number | null | undefined): ShipmentStatus | null {
  return status == null ? null : (MYPARCEL_STATUS[status] ?? null);
}

const shipmentSchema = z.object({
  id: z.number().int(),
  reference_identifier: z.string().nullish(),
  status: z.number().int().nullish(),
  barcode: z.string().nullish(),
  carrier_id: z.number().int().nullish(),
  recipient: z.object({ cc: z.string(), postal_code: z.string().nullish() }).partial().nullish(),
  modified: z.string().nullish(),
});
export type MyParcelShipment = z.infer<typeof shipmentSchema>;

const shipmentsSchema = z.object({
  data: z.union([
    z.object({ shipments: z.array(shipmentSchema) }),
    z.object({ search_results: z.object({ shipments: z.array(shipmentSchema) }) }),
  ]),
});
export const idsSchema = z.object({ data: z.object({ ids: z.array(z.object({ id: z.number().int() })).min(1) }) });
export const labelLinkSchema = z.object({ data: z.object({ pdfs: z.object({ url: z.string() }) }) });

const momentSchema = z.object({ date: z.string() });
const pickupLocationSchema = z.object({
  address: z.object({
    cc: z.string(),
    city: z.string(),
    street: z.string(),
    number: z.union([z.string(), z.number()]).transform(String),
    number_suffix: z.string().nullish(),
    postal_code: z.string(),
  }),
  location: z.object({
    location_name: z.string(),
    location_code: z.union([z.string(), z.number()]).transform(String),
    latitude: z.coerce.number(),
    longitude: z.coerce.number(),
    distance: z.coerce.number().nullish(),
    location_type: z.string().nullish(),
    opening_hours: z.record(z.string(), z.array(z.object({ start: momentSchema, end: momentSchema }))).nullish(),
  }),
});
const pickupLocationsSchema = z.object({ data: z.object({ pickup_locations: z.array(pickupLocationSchema) }) });

const webhookSchema = z.object({
  data: z.object({
    hooks: z
      .array(
        z.object({
          shipment_id: z.union([z.number().int().positive(), z.string().regex(/^[1-9]\d*$/)]),
          status: z.number().int().optional(),
          barcode: z.string().nullish(),
        }),
      )
      .min(1),
  }),
});

/** The shipment ids a MyParcel `shipment_status_change` body claims changed. */
export function parseMyParcelWebhook(rawBody: string): string[] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new WebhookPayloadError("MyParcel webhook: the body is not JSON");
  }
  const parsed = webhookSchema.safeParse(body);
  if (!parsed.success) throw new WebhookPayloadError("MyParcel webhook: not a shipment_status_change body");
  return [...new Set(parsed.data.data.hooks.map((hook) => String(hook.shipment_id)))];
}

/**
 * MyParcel sends `X-MyParcel-Authorization: base64(API key)` with every webhook: true
 * when the header is that (compared in constant time).
 */
export function myParcelWebhookAuthorized(header: string | null | undefined, apiKey: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(Buffer.from(apiKey, "utf8").toString("base64"));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** "1234 ab" → "1234AB"; Belgian postcodes stay as they are. */

export function myParcelTrackingUrl(barcode: string, postcode: string, country: string): string {
  return `https://myparcel.me/track-trace/${encodeURIComponent(barcode)}/${encodeURIComponent(compactPostcode(postcode))}/${country}`;
}

/** MyParcel writes local Amsterdam time without a zone ("2019-02-16 15:09:53"). */
export function amsterdamTime(text: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text ?? "");
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const zoned = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Amsterdam",
    hourCycle: "h23",
    year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
  }).formatToParts(new Date(asUtc));
  const part = (type: string) => Number(zoned.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return new Date(asUtc - (wall - asUtc));
}

function hoursOf(periods: { start: { date: string }; end: { date: string } }[] | undefined): string[] {
  const time = (date: string) => /\d{2}:\d{2}/.exec(date.split(" ")[1] ?? "")?.[0] ?? "";
  return (periods ?? []).map((period) => `${time(period.start.date)}-${time(period.end.date)}`);
}

const DAYS: OpeningHours["day"][] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const LOCKER_NAME = /automaat|locker|parcelstation|pakketpunt 24|packstation|distributeur/i;

export type MyParcelProvider = ShippingProvider & {
  /** POST /webhook_subscriptions for `shipment_status_change`; the subscription's id. */
  subscribeWebhook(url: string): Promise<number>;
};

/** One of MyParcel's pickup locations as our service point. */
function servicePointOf(name: Carrier, entry: z.infer<typeof pickupLocationSchema>): ServicePoint {
  const location = entry.location;
  const locker = location.location_type ? /locker/i.test(location.location_type) : LOCKER_NAME.test(location.location_name);
  const suffix = entry.address.number_suffix ? ` ${entry.address.number_suffix}` : "";
  return {
    id: `${name}:${location.location_code}`,
    carrier: name,
    kind: locker ? "locker" : "service_point",
    name: location.location_name,
    address: {
      street: entry.address.street,
      house_number: `${entry.address.number}${suffix}`,
      postcode: entry.address.postal_code,
      city: entry.address.city,
      country: entry.address.cc.toUpperCase() === "BE" ? "BE" : "NL",
    },
    opening_hours: DAYS.map((day) => ({ day, hours: hoursOf(location.opening_hours?.[day]) })),
    position: { lat: location.latitude, lng: location.longitude },
    distance_m: location.distance ?? null,
  };
}

export function createMyParcelProvider(options: MyParcelHttpOptions): MyParcelProvider {
  const http = new MyParcelHttp(options);

  async function findShipments(query: Record<string, string>, path = "shipments"): Promise<MyParcelShipment[]> {
    const body = await http.json({ method: "GET", path, query }, shipmentsSchema);
    return "shipments" in body.data ? body.data.shipments : body.data.search_results.shipments;
  }

  async function getShipment(id: string): Promise<MyParcelShipment> {
    if (!/^\d+$/.test(id)) throw new ShippingProviderError("refused", `Not a MyParcel shipment id: ${JSON.stringify(id)}`);
    const [shipment] = await findShipments({}, `shipments/${id}`);
    if (!shipment) throw new ShippingProviderError("refused", `MyParcel has no shipment ${id}`, { status: 404 });
    return shipment;
  }

  return {
    name: "myparcel",
    carrierFor,

    async createShipment(input) {
      if (!input.address === !input.servicePoint) {
        throw new RangeError("A shipment needs exactly one of address and servicePoint");
      }
      // The API filters by reference; the exact comparison guards against a looser match.
      const existing = (await findShipments({ reference_identifier: input.reference })).find(
        (candidate) => candidate.reference_identifier === input.reference,
      );
      let id = existing?.id;
      if (id === undefined) {
        const created = await http.json(
          {
            method: "POST",
            path: "shipments",
            contentType: SHIPMENT_CONTENT_TYPE,
            // The seller is the sender (PHP SDK: HEADER_SET_CUSTOM_SENDER).
            headers: { "x-dmp-set-custom-sender": "true" },
            body: { shipments: [shipmentBody(input)] },
          },
          idsSchema,
        );
        id = created.data.ids[0]!.id;
      }
      let shipment = existing?.id === id && existing.barcode ? existing : await getShipment(String(id));
      if (!shipment.barcode) {
        // Making the label registers the shipment, which gives it its barcode.
        await http.json({ method: "GET", path: `shipment_labels/${id}`, accept: "application/json;charset=utf-8" }, labelLinkSchema);
        shipment = await getShipment(String(id));
      }
      if (!shipment.barcode) {
        throw new ShippingProviderError("unavailable", `MyParcel shipment ${id} has no barcode after its label was made`);
      }
      const destination = input.servicePoint?.address ?? input.address!;
      return {
        providerShipmentId: String(id),
        carrier: input.carrier,
        trackingCode: shipment.barcode,
        trackingUrl: myParcelTrackingUrl(shipment.barcode, destination.postcode, destination.country),
      };
    },

    createReturnShipment: (input) => createMyParcelReturn({ http, findShipments, getShipment }, input),

    async label(input) {
      const { bytes } = await http.bytes({
        method: "GET",
        path: `shipment_labels/${input.providerShipmentId}`,
        query: { format: "A6" },
        accept: "application/pdf",
      });
      if (Buffer.from(bytes.subarray(0, 5)).toString("latin1") !== "%PDF-") {
        throw new ShippingProviderError("unavailable", `MyParcel label ${input.providerShipmentId} is not a PDF`);
      }
      return bytes;
    },

    async servicePoints({ postcode, country, carrier, house_number: houseNumber }) {
      const carriers: Carrier[] = carrier ? [carrier] : [carrierFor(country, "parcel")];
      const lists = await Promise.all(
        carriers.map(async (name) => {
          const body = await http.json(
            {
              method: "GET",
              path: "pickup_locations",
              // MyParcel wants a number or a street with the postcode (their SDK's parameter
              // types); without the buyer's number, 1 puts the search on the postcode.
              query: {
                cc: country,
                postal_code: compactPostcode(postcode),
                number: houseNumber?.trim() || "1",
                carrier: CARRIER_NAMES[name],
                platform: "myparcel",
              },
              accept: "application/json;charset=utf-8;version=2.0",
            },
            pickupLocationsSchema,
          );
          return body.data.pickup_locations.map((entry) => servicePointOf(name, entry));
        }),
      );
      return lists
        .flat()
        .sort((a, b) => (a.distance_m ?? Infinity) - (b.distance_m ?? Infinity))
        .slice(0, 20);
    },

    async shipmentState(providerShipmentId): Promise<ProviderShipmentState> {
      const shipment = await getShipment(providerShipmentId);
      return {
        providerShipmentId: String(shipment.id),
        status: statusFromMyParcel(shipment.status),
        trackingCode: shipment.barcode ?? null,
        at: amsterdamTime(shipment.modified) ?? new Date(),
      };
    },

    parseWebhook: parseMyParcelWebhook,

    async subscribeWebhook(url) {
      const parsed = new URL(url);
      if (parsed.protocol !== "https:") throw new RangeError("MyParcel only calls https:// webhook URLs");
      if (url !== url.toLowerCase()) throw new RangeError("MyParcel calls webhook URLs in lowercase: use a lowercase URL");
      const body = await http.json(
        { method: "POST", path: "webhook_subscriptions", body: { webhook_subscriptions: [{ hook: "shipment_status_change", url }] } },
        idsSchema,
      );
      return body.data.ids[0]!.id;
    },
  };
}

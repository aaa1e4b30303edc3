/**
 * The shipping provider interface (docs/shipping.md). Two implementations: MyParcel
 * (./myparcel.ts: PostNL, DHL and bpost through one API) when MYPARCEL_API_KEY is set,
 * otherwise the test provider (./test-provider.ts: no network, labels drawn by the app,
 * service points from an offline fixture). Chosen once in ./index.ts, like payments.
 *
 * Provider calls are network calls: services never make them inside a database
 * transaction.
 */
import type { z } from "zod";
import type { servicePointJson } from "../responses";

export type ShippingProviderName = "test" | "myparcel";
export type Carrier = "postnl" | "dhl" | "bpost";
export type ParcelSize = "mailbox" | "parcel" | "large";
export type Country = "NL" | "BE";
export type ShipmentStatus = "label_created" | "in_transit" | "delivered" | "returned" | "lost";

export type Address = {
  name: string;
  street: string;
  house_number: string;
  house_number_suffix?: string | null;
  /** NL "1234 AB" (normalised with one space), BE "1000". */
  postcode: string;
  city: string;
  country: Country;
};

/** A carrier service point or parcel locker, as the API shows it (../responses.ts). */
export type ServicePoint = z.output<typeof servicePointJson>;
export type OpeningHours = ServicePoint["opening_hours"][number];

export type CreateShipmentInput = {
  /** Our shipment id (UUID): the provider's reference, and the idempotency key. */
  reference: string;
  carrier: Carrier;
  size: ParcelSize;
  sender: Address & { email: string };
  /** The buyer; for a service point delivery `address` is the buyer's own name + the point. */
  recipient: { name: string; email: string };
  /** Exactly one of the two. */
  address: Address | null;
  servicePoint: ServicePoint | null;
};

export type CreatedShipment = {
  /** The provider's id for the shipment (MyParcel's numeric id as a string). */
  providerShipmentId: string;
  carrier: Carrier;
  trackingCode: string;
  trackingUrl: string;
};

/**
 * A return (docs/returns.md): from the buyer back to the seller's sender address. With
 * the outbound parcel's shipment at the same provider it is made as that shipment's
 * related return; otherwise (a pickup withdrawn) as a return of its own.
 */
export type CreateReturnInput = {
  /** Our return id (UUID): the provider's reference, and the idempotency key. */
  reference: string;
  carrier: Carrier;
  size: ParcelSize;
  parentProviderShipmentId: string | null;
  /** The buyer, who hands it in. */
  sender: Address & { email: string };
  /** The seller, at their sender address. */
  recipient: { name: string; email: string };
  address: Address;
};

/** What the label shows; MyParcel ignores all but the id (it draws its own). */
export type LabelInput = CreateShipmentInput & CreatedShipment;

export type ProviderShipmentState = {
  providerShipmentId: string;
  /** null: a provider state that moves nothing of ours (e.g. registered, printed). */
  status: ShipmentStatus | null;
  trackingCode: string | null;
  /** When the provider says the status changed; now when it does not say. */
  at: Date;
};

export interface ShippingProvider {
  readonly name: ShippingProviderName;
  /** Carrier used for a destination country and size (PostNL in NL, bpost to BE with MyParcel; test: same). */
  carrierFor(country: Country, size: ParcelSize): Carrier;
  /** Creates the shipment and its label at the provider. Idempotent on `reference`. */
  createShipment(input: CreateShipmentInput): Promise<CreatedShipment>;
  /** Creates a return shipment and its label at the provider. Idempotent on `reference`. */
  createReturnShipment(input: CreateReturnInput): Promise<CreatedShipment>;
  /** The label as PDF bytes. */
  label(input: LabelInput): Promise<Uint8Array>;
  /**
   * Carrier service points and parcel lockers near a postcode, nearest first (at most 20).
   * `house_number` (optional) sharpens the search: MyParcel wants a number or street with
   * the postcode and is sent "1" without one.
   */
  servicePoints(query: { postcode: string; country: Country; carrier?: Carrier; house_number?: string }): Promise<ServicePoint[]>;
  /** The provider's current state of a shipment (confirms a webhook's claim). */
  shipmentState(providerShipmentId: string): Promise<ProviderShipmentState>;
  /**
   * The shipment ids a webhook body claims changed (MyParcel's `shipment_status_change`
   * hook). Claims only: the caller confirms each with `shipmentState` before it counts.
   * Throws WebhookPayloadError on a body that is not such a hook.
   */
  parseWebhook(rawBody: string): string[];
}

export class WebhookPayloadError extends Error {}

/**
 * A provider call failed. `kind`: `auth` (the API key is wrong or lacks a right: a
 * configuration problem), `refused` (the provider answered 4xx to this request: bad input
 * or a state it does not allow), `unavailable` (network error, timeout, 5xx, an answer of
 * an unexpected shape: worth retrying later). Messages never contain the API key.
 */
export class ShippingProviderError extends Error {
  readonly kind: "auth" | "refused" | "unavailable";
  readonly status: number | null;

  constructor(kind: ShippingProviderError["kind"], message: string, options: { status?: number | null; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "ShippingProviderError";
    this.kind = kind;
    this.status = options.status ?? null;
  }
}

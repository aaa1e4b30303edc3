// Our MyParcel client (lib/domains/shipping/providers/myparcel.ts) against the MyParcel
// double on loopback (tests/support/myparcel-double.ts): no mocks, no internet.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import {
  createMyParcelProvider,
  myParcelWebhookAuthorized,
  statusFromMyParcel,
  type MyParcelProvider,
} from "@/lib/domains/shipping/providers/myparcel";
import {
  ShippingProviderError,
  WebhookPayloadError,
  type CreateShipmentInput,
  type ServicePoint,
} from "@/lib/domains/shipping/providers/types";
import { shippingProvider, shippingProviderName } from "@/lib/domains/shipping/providers";
import { parseEnv, resetEnvCache } from "@/lib/platform/env";
import { startMyParcelDouble, type MyParcelDouble } from "../../support/myparcel-double";

let double: MyParcelDouble;
let provider: MyParcelProvider;

beforeAll(async () => {
  double = await startMyParcelDouble({ apiKey: "mp-test-key-0123456789" });
  provider = createMyParcelProvider({ apiKey: double.apiKey, apiUrl: double.url, timeoutMs: 5_000 });
});

afterAll(async () => {
  await double.close();
});

beforeEach(() => double.clear());

let counter = 0;
function shipment(overrides: Partial<CreateShipmentInput> = {}): CreateShipmentInput {
  counter += 1;
  return {
    reference: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    carrier: "postnl",
    size: "parcel",
    sender: {
      name: "Sanne de Vries",
      street: "Damrak",
      house_number: "1",
      postcode: "1012 LG",
      city: "Amsterdam",
      country: "NL",
      email: "sanne@example.nl",
    },
    recipient: { name: "Bram Jansen", email: "bram@example.nl" },
    address: {
      name: "Bram Jansen",
      street: "Antareslaan",
      house_number: "31",
      house_number_suffix: "A",
      postcode: "2132 je",
      city: "Hoofddorp",
      country: "NL",
    },
    servicePoint: null,
    ...overrides,
  };
}

describe("MyParcel client: shipments", () => {
  it("creates a home-address shipment, registers it for its barcode and builds the tracking URL", async () => {
    const input = shipment();
    const created = await provider.createShipment(input);
    const stored = double.shipment(created.providerShipmentId)!;
    expect(created.trackingCode).toBe(stored.barcode);
    expect(created.trackingCode).toMatch(/^3SMYPA\d+$/);
    expect(created.trackingUrl).toBe(`https://myparcel.me/track-trace/${created.trackingCode}/2132JE/NL`);
    expect(stored.status).toBe(2);

    const [post] = double.requestsTo("POST", "/shipments");
    expect(post!.headers["content-type"]).toMatch(/^application\/vnd\.shipment\+json;.*version=1\.1/);
    expect(post!.headers.authorization).toBe(`basic ${Buffer.from(double.apiKey).toString("base64")}`);
    expect(post!.headers["user-agent"]).toMatch(/^Kringwaar\//);
    const sent = (post!.body as { data: { shipments: Record<string, unknown>[] } }).data.shipments[0]!;
    expect(sent).toMatchObject({
      reference_identifier: input.reference,
      carrier: 1,
      recipient: { cc: "NL", postal_code: "2132JE", street: "Antareslaan", number: "31", number_suffix: "A", person: "Bram Jansen", city: "Hoofddorp" },
      sender: { cc: "NL", postal_code: "1012LG", person: "Sanne de Vries" },
      options: { package_type: 1, delivery_type: 2 },
    });
    expect(sent).not.toHaveProperty("pickup");
  });

  it("maps sizes to package types: mailbox 2, large a package with large_format, DHL For You is carrier 9", async () => {
    const mailbox = await provider.createShipment(shipment({ size: "mailbox" }));
    expect(double.shipment(mailbox.providerShipmentId)).toMatchObject({ options: { package_type: 2 }, carrier_id: 1 });
    const large = await provider.createShipment(shipment({ size: "large", carrier: "dhl" }));
    expect(double.shipment(large.providerShipmentId)).toMatchObject({ options: { package_type: 1, large_format: 1 }, carrier_id: 9 });
  });

  it("sends a service-point shipment as delivery type 4 with the pickup location", async () => {
    const point: ServicePoint = {
      id: "postnl:176227",
      carrier: "postnl",
      kind: "service_point",
      name: "Primera Sanders",
      address: { street: "Polderplein", house_number: "3", postcode: "2132 BA", city: "Hoofddorp", country: "NL" },
      opening_hours: [],
      position: { lat: 52.3, lng: 4.69 },
      distance_m: 1696,
    };
    const created = await provider.createShipment(shipment({ address: null, servicePoint: point, size: "mailbox" }));
    const stored = double.shipment(created.providerShipmentId)!;
    expect(stored).toMatchObject({
      options: { package_type: 1, delivery_type: 4, signature: 1 },
      pickup: { location_code: "176227", location_name: "Primera Sanders", postal_code: "2132BA", number: "3", cc: "NL" },
      recipient: { person: "Bram Jansen", street: "Polderplein", postal_code: "2132BA", email: "bram@example.nl" },
    });
    expect(created.trackingUrl).toBe(`https://myparcel.me/track-trace/${created.trackingCode}/2132BA/NL`);
  });

  it("is idempotent on the reference: a repeat finds the shipment instead of creating another", async () => {
    const input = shipment();
    const first = await provider.createShipment(input);
    const again = await provider.createShipment(input);
    expect(again).toEqual(first);
    expect(double.requestsTo("POST", "/shipments")).toHaveLength(1);
    expect(double.requestsTo("GET", "/shipments").some((r) => r.query.reference_identifier === input.reference)).toBe(true);
  });

  it("finishes a shipment whose label step failed: no second shipment, the barcode comes on the retry", async () => {
    const input = shipment();
    double.fail("/shipment_labels", 503, "Label service down");
    await expect(provider.createShipment(input)).rejects.toMatchObject({ kind: "unavailable", status: 503 });
    const [concept] = double.requestsTo("POST", "/shipments");
    expect(concept).toBeDefined();
    const created = await provider.createShipment(input);
    expect(double.requestsTo("POST", "/shipments")).toHaveLength(1);
    expect(created.trackingCode).toBe(double.shipment(created.providerShipmentId)!.barcode);
  });

  it("refuses bpost on a MyParcel.nl account with the API's reason", async () => {
    const error = await provider.createShipment(shipment({ carrier: "bpost" })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShippingProviderError);
    expect((error as ShippingProviderError).kind).toBe("refused");
    expect((error as ShippingProviderError).status).toBe(422);
    expect((error as Error).message).toMatch(/bpost is not available/);
  });
});

describe("MyParcel client: labels", () => {
  it("returns the label as PDF bytes asked for as A6", async () => {
    const input = shipment();
    const created = await provider.createShipment(input);
    const bytes = await provider.label({ ...input, ...created });
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    const [request] = double.requestsTo("GET", `/shipment_labels/${created.providerShipmentId}`).slice(-1);
    expect(request!.headers.accept).toBe("application/pdf");
    expect(request!.query.format).toBe("A6");
  });

  it("says so when MyParcel wants payment first", async () => {
    const input = shipment();
    const created = await provider.createShipment(input);
    double.fail("/shipment_labels", 402, "Payment required");
    await expect(provider.label({ ...input, ...created })).rejects.toThrow(/payment.*402/i);
  });
});

describe("MyParcel client: pickup locations", () => {
  it("maps pickup locations to service points, nearest first", async () => {
    const points = await provider.servicePoints({ postcode: "2132 JE", country: "NL" });
    const [request] = double.requestsTo("GET", "/pickup_locations");
    expect(request!.query).toMatchObject({ cc: "NL", postal_code: "2132JE", number: "1", carrier: "postnl", platform: "myparcel" });
    expect(points.map((p) => p.id)).toEqual(["postnl:204512", "postnl:176227"]);
    expect(points[1]).toEqual({
      id: "postnl:176227",
      carrier: "postnl",
      kind: "service_point",
      name: "Primera Sanders",
      address: { street: "Polderplein", house_number: "3", postcode: "2132BA", city: "Hoofddorp", country: "NL" },
      opening_hours: [
        { day: "monday", hours: ["09:00-18:00"] },
        { day: "tuesday", hours: ["09:00-18:00"] },
        { day: "wednesday", hours: [] },
        { day: "thursday", hours: [] },
        { day: "friday", hours: [] },
        { day: "saturday", hours: ["10:00-17:00"] },
        { day: "sunday", hours: [] },
      ],
      position: { lat: 52.30329367, lng: 4.69476214 },
      distance_m: 1696,
    });
    expect(points[0]!.kind).toBe("locker");
    await provider.servicePoints({ postcode: "2132JE", country: "NL", carrier: "postnl", house_number: "31" });
    expect(double.requestsTo("GET", "/pickup_locations").at(-1)!.query.number).toBe("31");
    expect(await provider.servicePoints({ postcode: "2132JE", country: "NL", carrier: "dhl" })).toEqual([]);
    expect(double.requestsTo("GET", "/pickup_locations").at(-1)!.query.carrier).toBe("dhlforyou");
  });
});

describe("MyParcel client: shipment state", () => {
  it("maps MyParcel statuses to ours", async () => {
    const created = await provider.createShipment(shipment());
    const id = created.providerShipmentId;
    const state = await provider.shipmentState(id);
    expect(state).toMatchObject({ providerShipmentId: id, status: null, trackingCode: created.trackingCode });
    double.setStatus(id, 3);
    expect((await provider.shipmentState(id)).status).toBe("in_transit");
    double.setStatus(id, 8);
    const ready = await provider.shipmentState(id);
    expect(ready.status).toBe("delivered");
    // "2026-11-28 14:30:00" Amsterdam time (CET, UTC+1).
    expect(ready.at.toISOString()).toBe("2026-11-28T13:30:00.000Z");
    double.setStatus(id, 11);
    expect((await provider.shipmentState(id)).status).toBe("returned");
    expect([1, 2, 3, 6, 7, 9, 10, 12, 13, 16, 17, 19, 30, 36, 99].map(statusFromMyParcel)).toEqual([
      null, null, "in_transit", "in_transit", "delivered", "delivered", "returned", null, null, null, null, "delivered", null, null, null,
    ]);
  });

  it("refuses an unknown or malformed shipment id", async () => {
    await expect(provider.shipmentState("999999999")).rejects.toThrow(/no shipment 999999999/);
    await expect(provider.shipmentState("1/../2")).rejects.toBeInstanceOf(ShippingProviderError);
  });
});

describe("MyParcel client: webhooks", () => {
  it("reads the shipment ids of a shipment_status_change body", () => {
    const body = JSON.stringify({
      data: {
        hooks: [
          { shipment_id: 25482412, account_id: 7003, shop_id: 1897, status: 3, barcode: "3SMYPA749883621", shipment_reference_identifier: "x" },
          { shipment_id: 25482413, account_id: 7003, shop_id: 1897, status: 7, barcode: "3SMYPA749883622" },
          { shipment_id: 25482412, account_id: 7003, shop_id: 1897, status: 4, barcode: "3SMYPA749883621" },
        ],
      },
    });
    expect(provider.parseWebhook(body)).toEqual(["25482412", "25482413"]);
  });

  it("refuses bodies that are not such a hook", () => {
    for (const body of ["", "not json", "null", "[]", '{"data":{}}', '{"data":{"hooks":[]}}', '{"data":{"hooks":[{"shipment_id":"1; DROP"}]}}',
      '{"status":"success","shipment_ids":[15001826],"pdf":"https://api.myparcel.nl/pdfs/x"}', '{"data":{"hooks":[{"shipment_id":-4}]}}']) {
      expect(() => provider.parseWebhook(body), body).toThrow(WebhookPayloadError);
    }
  });

  it("checks X-MyParcel-Authorization against the API key", () => {
    const header = Buffer.from("mp-test-key-0123456789").toString("base64");
    expect(myParcelWebhookAuthorized(header, "mp-test-key-0123456789")).toBe(true);
    expect(myParcelWebhookAuthorized(header, "another-key")).toBe(false);
    expect(myParcelWebhookAuthorized(null, "mp-test-key-0123456789")).toBe(false);
  });

  it("subscribes a lowercase https URL to shipment_status_change", async () => {
    const id = await provider.subscribeWebhook("https://kringwaar.nl/api/webhooks/shipping/myparcel");
    expect(double.webhookSubscriptions).toContainEqual({ id, hook: "shipment_status_change", url: "https://kringwaar.nl/api/webhooks/shipping/myparcel" });
    const [request] = double.requestsTo("POST", "/webhook_subscriptions");
    expect(request!.headers["content-type"]).toMatch(/^application\/json/);
    await expect(provider.subscribeWebhook("http://kringwaar.nl/hook")).rejects.toThrow(/https/);
    await expect(provider.subscribeWebhook("https://Kringwaar.nl/Hook")).rejects.toThrow(/lowercase/);
  });
});

describe("MyParcel client: failures", () => {
  it("says clearly that the API key was refused", async () => {
    const wrong = createMyParcelProvider({ apiKey: "not-the-key", apiUrl: double.url });
    const error = await wrong.createShipment(shipment()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShippingProviderError);
    expect((error as ShippingProviderError).kind).toBe("auth");
    expect((error as ShippingProviderError).status).toBe(401);
    expect((error as Error).message).toMatch(/refused the API key.*MYPARCEL_API_KEY/);
    expect((error as Error).message).not.toContain("not-the-key");
  });

  it("reports a 5xx and an unreachable API as unavailable", async () => {
    double.fail("/pickup_locations", 503, "Maintenance");
    const busy = await provider.servicePoints({ postcode: "1012AB", country: "NL" }).catch((e: unknown) => e);
    expect(busy).toMatchObject({ kind: "unavailable", status: 503 });
    const gone = createMyParcelProvider({ apiKey: "k", apiUrl: "http://127.0.0.1:9", timeoutMs: 2_000 });
    await expect(gone.shipmentState("1")).rejects.toMatchObject({ kind: "unavailable" });
  });
});

describe("choosing the provider", () => {
  const saved = { ...process.env };
  afterAll(() => {
    for (const name of ["MYPARCEL_API_KEY", "MYPARCEL_API_URL", "ALLOW_TEST_SHIPPING_IN_PRODUCTION", "NODE_ENV"]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetEnvCache();
  });

  function configure(values: Record<string, string | undefined>) {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
  }

  it("uses MyParcel when MYPARCEL_API_KEY is set, at MYPARCEL_API_URL", async () => {
    configure({ MYPARCEL_API_KEY: double.apiKey, MYPARCEL_API_URL: `${double.url}/` });
    expect(shippingProviderName()).toBe("myparcel");
    const chosen = shippingProvider();
    expect(chosen.name).toBe("myparcel");
    expect(shippingProvider()).toBe(chosen);
    double.clear();
    await chosen.servicePoints({ postcode: "2132JE", country: "NL" });
    expect(double.requestsTo("GET", "/pickup_locations")).toHaveLength(1);
  });

  it("uses the test provider without a key, and refuses it in production unless allowed", () => {
    configure({ MYPARCEL_API_KEY: undefined, MYPARCEL_API_URL: undefined, NODE_ENV: "test" });
    expect(shippingProviderName()).toBe("test");
    expect(shippingProvider().name).toBe("test");
    configure({ NODE_ENV: "production", ALLOW_TEST_SHIPPING_IN_PRODUCTION: undefined });
    expect(() => shippingProvider()).toThrow(/Shipping is not configured/);
    configure({ ALLOW_TEST_SHIPPING_IN_PRODUCTION: "true" });
    expect(shippingProvider().name).toBe("test");
  });

  it("parses the settings: the API URL defaults to api.myparcel.nl", () => {
    const base = { DATABASE_URL: "postgresql://localhost/x", AUTH_SECRET: "x".repeat(32) };
    expect(parseEnv(base).MYPARCEL_API_URL).toBe("https://api.myparcel.nl");
    expect(parseEnv(base).ALLOW_TEST_SHIPPING_IN_PRODUCTION).toBe(false);
    expect(parseEnv({ ...base, MYPARCEL_API_URL: "http://127.0.0.1:1234/" }).MYPARCEL_API_URL).toBe("http://127.0.0.1:1234");
    expect(() => parseEnv({ ...base, MYPARCEL_API_URL: "not a url" })).toThrow(/MYPARCEL_API_URL/);
  });
});

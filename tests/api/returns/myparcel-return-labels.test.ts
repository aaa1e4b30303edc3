// Our MyParcel client's return shipments (lib/domains/shipping/providers/myparcel-returns.ts)
// against the MyParcel double: a related return of the outbound parcel goes back to its
// sender, the seller; a pickup's return is an unrelated one; both are found again by our
// reference, so a repeat makes no second shipment.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMyParcelProvider, type MyParcelProvider } from "@/lib/domains/shipping/providers/myparcel";
import type { CreateReturnInput, CreateShipmentInput } from "@/lib/domains/shipping/providers/types";
import { startMyParcelDouble, type MyParcelDouble } from "../../support/myparcel-double";

let double: MyParcelDouble;
let provider: MyParcelProvider;

beforeAll(async () => {
  double = await startMyParcelDouble({ apiKey: "mp-test-key-0123456789" });
  provider = createMyParcelProvider({ apiKey: double.apiKey, apiUrl: double.url, timeoutMs: 5_000 });
});
afterAll(() => double.close());
beforeEach(() => double.clear());

const SELLER = { name: "Sanne de Vries", street: "Damrak", house_number: "1", postcode: "1012 LG", city: "Amsterdam", country: "NL" as const };
const BUYER = { name: "Bram Jansen", street: "Antareslaan", house_number: "31", postcode: "2132 JE", city: "Hoofddorp", country: "NL" as const };

const outbound: CreateShipmentInput = {
  reference: "00000000-0000-4000-8000-000000000101",
  carrier: "postnl",
  size: "parcel",
  sender: { ...SELLER, email: "sanne@example.nl" },
  recipient: { name: BUYER.name, email: "bram@example.nl" },
  address: BUYER,
  servicePoint: null,
};

function returnOf(parent: string | null, reference = "00000000-0000-4000-8000-000000000201"): CreateReturnInput {
  return {
    reference,
    carrier: "postnl",
    size: "parcel",
    parentProviderShipmentId: parent,
    sender: { ...BUYER, email: "bram@example.nl" },
    recipient: { name: SELLER.name, email: "sanne@example.nl" },
    address: SELLER,
  };
}

describe("MyParcel client: return shipments", () => {
  it("makes the outbound parcel's related return, addressed to its sender, with a barcode and tracking", async () => {
    const sent = await provider.createShipment(outbound);
    const created = await provider.createReturnShipment(returnOf(sent.providerShipmentId));
    const [post] = double.requestsTo("POST", "/shipments").slice(-1);
    expect(post!.headers["content-type"]).toMatch(/^application\/vnd\.return_shipment\+json/);
    const body = (post!.body as { data: { return_shipments: Record<string, unknown>[] } }).data.return_shipments[0]!;
    expect(body).toMatchObject({ parent: Number(sent.providerShipmentId), carrier: 1, email: "bram@example.nl", name: "Bram Jansen", options: { package_type: 1 } });
    const stored = double.shipment(created.providerShipmentId)!;
    expect(stored.recipient).toMatchObject({ person: "Sanne de Vries", postal_code: "1012LG" });
    expect(created.trackingCode).toBe(stored.barcode);
    expect(created.trackingUrl).toBe(`https://myparcel.me/track-trace/${created.trackingCode}/1012LG/NL`);

    // A repeat (the same reference) finds it instead of making another.
    const again = await provider.createReturnShipment(returnOf(sent.providerShipmentId));
    expect(again.providerShipmentId).toBe(created.providerShipmentId);
    expect(double.requestsTo("POST", "/shipments")).toHaveLength(2);
  });

  it("makes an unrelated return where there was no parcel (a pickup withdrawn)", async () => {
    const created = await provider.createReturnShipment(returnOf(null, "00000000-0000-4000-8000-000000000202"));
    const [post] = double.requestsTo("POST", "/shipments");
    expect(post!.headers["content-type"]).toMatch(/^application\/vnd\.unrelated_return_shipment\+json/);
    expect((post!.body as { data: { return_shipments: Record<string, unknown>[] } }).data.return_shipments[0]).not.toHaveProperty("parent");
    expect(created.trackingCode).toMatch(/^3SMYPA\d+$/);
  });
});

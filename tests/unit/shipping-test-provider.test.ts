// The shipping providers' offline parts: the price table, the Code 128 encoder, the test
// provider's PDF label (parsed back with pdf-lib), its service points and tracking codes.
import { describe, expect, it } from "vitest";
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";
import {
  CODE128_PATTERNS,
  code128Values,
  code128Widths,
  decodeCode128Widths,
} from "@/lib/domains/shipping/providers/code128";
import {
  PARCEL_SIZES,
  carrierFor,
  largestSize,
  shippingOptions,
  shippingPriceCents,
  sizeRank,
} from "@/lib/domains/shipping/providers/prices";
import { postcodeArea, TEST_SERVICE_POINTS } from "@/lib/domains/shipping/providers/service-points.fixture";
import { TEST_LABEL_NOTICE } from "@/lib/domains/shipping/providers/test-label";
import {
  createTestShippingProvider,
  ShipmentStateUnsupportedError,
  testTrackingCode,
} from "@/lib/domains/shipping/providers/test-provider";
import { WebhookPayloadError, type CreateShipmentInput, type ServicePoint } from "@/lib/domains/shipping/providers/types";

const provider = createTestShippingProvider({ appUrl: "http://localhost:3000/" });

const sender = {
  name: "Sanne de Vries",
  street: "Damrak",
  house_number: "1",
  postcode: "1012 LG",
  city: "Amsterdam",
  country: "NL" as const,
  email: "sanne@example.nl",
};

function shipment(overrides: Partial<CreateShipmentInput> = {}): CreateShipmentInput {
  return {
    reference: "6f1c2b9e-1111-4c3b-9a57-0d6a3f2c9b10",
    carrier: "postnl",
    size: "parcel",
    sender,
    recipient: { name: "Bram Jansen", email: "bram@example.nl" },
    address: {
      name: "Bram Jansen",
      street: "Oudegracht",
      house_number: "158",
      house_number_suffix: "bis",
      postcode: "3511 AZ",
      city: "Utrecht",
      country: "NL",
    },
    servicePoint: null,
    ...overrides,
  };
}

// WinAnsi bytes 0x80–0x9F that differ from Latin-1 (what the label uses).
const WIN_ANSI: Record<number, string> = { 0x80: "€", 0x85: "…", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x96: "–" };

/** The page's content stream(s), inflated, as text. */
async function pageContent(bytes: Uint8Array): Promise<{ content: string; doc: PDFDocument }> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(0).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  const content = streams
    .map((stream) => {
      if (!(stream instanceof PDFRawStream)) throw new Error("unexpected content stream");
      return Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
    })
    .join("\n");
  return { content, doc };
}

/** The strings shown with Tj, decoded from their hex form. */
function shownTexts(content: string): string[] {
  return [...content.matchAll(/<([0-9A-F]*)> Tj/g)].map(([, hex]) =>
    [...Buffer.from(hex!, "hex")].map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join(""),
  );
}

/** The black filled rectangles at the barcode's height, as bar/space widths in modules. */
function barcodeWidths(content: string): number[] {
  const rects = [
    ...content.matchAll(/0 0 0 rg\n[^]*?1 0 0 1 ([\d.]+) ([\d.]+) cm\n(?:1 0 0 1 0 0 cm\n)*0 0 m\n0 ([\d.]+) l\n([\d.]+) [\d.]+ l\n[\d.]+ 0 l\nh\nf/g),
  ].map(([, x, y, height, width]) => ({ x: Number(x), y: Number(y), height: Number(height), width: Number(width) }));
  const tallest = Math.max(...rects.map((r) => r.height));
  const bars = rects.filter((r) => r.height === tallest).sort((a, b) => a.x - b.x);
  const raw: number[] = [];
  bars.forEach((bar, index) => {
    if (index > 0) raw.push(bar.x - (bars[index - 1]!.x + bars[index - 1]!.width));
    raw.push(bar.width);
  });
  const unit = Math.min(...raw);
  return raw.map((width) => Math.round(width / unit));
}

describe("prices", () => {
  it("has every size with an integer price in cents for NL and BE, ascending by size", () => {
    expect(PARCEL_SIZES.map((s) => s.size)).toEqual(["mailbox", "parcel", "large"]);
    for (const country of ["NL", "BE"] as const) {
      const prices = PARCEL_SIZES.map((spec) => shippingPriceCents(spec.size, country));
      for (const cents of prices) {
        expect(Number.isInteger(cents)).toBe(true);
        expect(cents).toBeGreaterThan(0);
      }
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(new Set(prices).size).toBe(prices.length);
    }
    // Belgium costs more than the Netherlands for every size.
    for (const spec of PARCEL_SIZES) expect(spec.priceCents.BE).toBeGreaterThan(spec.priceCents.NL);
  });

  it("has the issue's limits, growing with the size", () => {
    expect(PARCEL_SIZES.map((s) => [s.maxWeightKg, s.maxDimensionsCm])).toEqual([
      [2, { length: 38, width: 26, height: 3 }],
      [20, { length: 80, width: 50, height: 35 }],
      [30, { length: 176, width: 78, height: 58 }],
    ]);
  });

  it("ranks sizes and picks the largest of a cart group", () => {
    expect([sizeRank("mailbox"), sizeRank("parcel"), sizeRank("large")]).toEqual([0, 1, 2]);
    expect(largestSize(["mailbox", "large", "parcel"])).toBe("large");
    expect(largestSize(["mailbox", "mailbox"])).toBe("mailbox");
    expect(() => largestSize([])).toThrow(RangeError);
  });

  it("serialises the options in euros with carriers", () => {
    const options = shippingOptions();
    expect(options[0]).toEqual({
      size: "mailbox",
      max_weight_kg: 2,
      max_dimensions_cm: { length: 38, width: 26, height: 3 },
      prices: { NL: 4.45, BE: 7.95 },
      carriers: { NL: "postnl", BE: "postnl" },
    });
    expect(options.map((o) => o.prices.NL * 100)).toEqual(PARCEL_SIZES.map((s) => s.priceCents.NL));
    expect(carrierFor("NL", "large")).toBe(options[2]!.carriers.NL);
  });
});

describe("Code 128", () => {
  it("has 107 distinct patterns of 11 modules (the stop 13), bars even and spaces odd", () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((pattern, value) => {
      const widths = [...pattern].map(Number);
      const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
      expect(sum(widths)).toBe(value === 106 ? 13 : 11);
      if (value < 106) {
        expect(sum(widths.filter((_, i) => i % 2 === 0)) % 2).toBe(0);
        expect(sum(widths.filter((_, i) => i % 2 === 1)) % 2).toBe(1);
      }
    });
  });

  it("encodes the known vector \"Wikipedia\": Start B, data, check 88, stop", () => {
    // ISO/IEC 15417 code set B values; the check value of "Wikipedia" is 88 (Wikipedia, "Code 128").
    expect(code128Values("Wikipedia")).toEqual([104, 55, 73, 75, 73, 80, 69, 68, 73, 65, 88, 106]);
    const widths = code128Widths("Wikipedia");
    expect(widths.slice(0, 6).join("")).toBe("211214"); // Start B
    expect(widths.slice(-7).join("")).toBe("2331112"); // Stop
    expect(widths.slice(6, 12).join("")).toBe("311321"); // "W" = value 55
    expect(decodeCode128Widths(widths)).toBe("Wikipedia");
  });

  it("refuses what code set B cannot encode and a symbol with a wrong check", () => {
    expect(() => code128Values("")).toThrow(RangeError);
    expect(() => code128Values("tab\there")).toThrow(RangeError);
    const widths = code128Widths("3STEST0001");
    const tampered = [...widths];
    tampered.splice(6, 6, ...[..."121223"].map(Number)); // "3" → "#"
    expect(() => decodeCode128Widths(tampered)).toThrow(/check/);
  });
});

describe("test provider: shipments and labels", () => {
  it("gives a deterministic tracking code per reference and our own tracking URL", async () => {
    const first = await provider.createShipment(shipment());
    const again = await provider.createShipment(shipment());
    const other = await provider.createShipment(shipment({ reference: "another-reference" }));
    expect(first).toEqual(again);
    expect(first.trackingCode).toMatch(/^3STEST\d{10}$/);
    expect(first.trackingCode).toBe(testTrackingCode(shipment().reference));
    expect(other.trackingCode).not.toBe(first.trackingCode);
    expect(first.trackingUrl).toBe(`http://localhost:3000/orders?tracking=${first.trackingCode}`);
    expect(first.carrier).toBe("postnl");
    await expect(provider.createShipment(shipment({ servicePoint: TEST_SERVICE_POINTS[0]! }))).rejects.toThrow(RangeError);
  });

  it("draws a valid A6 PDF with the addresses, size, carrier, tracking code and test notice", async () => {
    const input = shipment();
    const created = await provider.createShipment(input);
    const bytes = await provider.label({ ...input, ...created });
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const { content, doc } = await pageContent(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(Math.round((width * 25.4) / 72)).toBe(105);
    expect(Math.round((height * 25.4) / 72)).toBe(148);
    const text = shownTexts(content).join("\n");
    expect(text).toContain(TEST_LABEL_NOTICE);
    expect(text).toContain(created.trackingCode);
    expect(text).toContain("Sanne de Vries");
    expect(text).toContain("Oudegracht 158 bis");
    expect(text).toContain("3511 AZ Utrecht");
    expect(text).toMatch(/PostNL · pakket \(parcel\)/);
    // The bars decode back to the tracking code.
    expect(decodeCode128Widths(barcodeWidths(content))).toBe(created.trackingCode);
  });

  it("labels a service-point parcel with the point under \"Afhaalpunt\"", async () => {
    const point = TEST_SERVICE_POINTS.find((p) => p.id === "bpost:TEST-BE-0201")!;
    const input = shipment({ address: null, servicePoint: point, size: "large", carrier: "bpost" });
    const created = await provider.createShipment(input);
    const { content } = await pageContent(await provider.label({ ...input, ...created }));
    const text = shownTexts(content).join("\n");
    expect(text).toContain("Afhaalpunt");
    expect(text).toContain("t.a.v. Bram Jansen");
    expect(text).toContain(point.name);
    expect(text).toContain("Meir 80");
    expect(text).toContain("BELGIË");
    expect(text).toMatch(/bpost · groot pakket/);
  });

  it("replaces characters the label font lacks and cuts lines that would run off the label", async () => {
    const input = shipment({
      address: { ...shipment().address!, name: "Zoë Łukasz 😀", street: "Burgemeester van Karnebeek-Schimmelpenninckstraat-Oost" },
    });
    const created = await provider.createShipment(input);
    const text = shownTexts((await pageContent(await provider.label({ ...input, ...created }))).content).join("\n");
    expect(text).toContain("Zoë ?ukasz ?");
    expect(text).toMatch(/Burgemeester van Karnebeek-Schimmel\S*…/);
    expect(text).not.toContain("Schimmelpenninckstraat-Oost 158");
  });

  it("has no shipment state and no webhooks", async () => {
    await expect(provider.shipmentState("3STEST0000000001")).rejects.toThrow(ShipmentStateUnsupportedError);
    expect(() => provider.parseWebhook('{"data":{"hooks":[{"shipment_id":1}]}}')).toThrow(WebhookPayloadError);
  });
});

describe("test provider: service points", () => {
  it("is clearly marked test data with unique ids in both countries and carriers", () => {
    expect(TEST_SERVICE_POINTS.length).toBeGreaterThanOrEqual(40);
    expect(TEST_SERVICE_POINTS.length).toBeLessThanOrEqual(80);
    expect(new Set(TEST_SERVICE_POINTS.map((p) => p.id)).size).toBe(TEST_SERVICE_POINTS.length);
    for (const point of TEST_SERVICE_POINTS) {
      expect(point.id).toMatch(/^(postnl|dhl|bpost):TEST-(NL|BE)-\d{4}$/);
      expect(point.id.startsWith(`${point.carrier}:TEST-${point.address.country}`)).toBe(true);
      expect(point.opening_hours.map((h) => h.day)).toHaveLength(7);
    }
    expect(new Set(TEST_SERVICE_POINTS.map((p) => p.carrier))).toEqual(new Set(["postnl", "dhl", "bpost"]));
    expect(TEST_SERVICE_POINTS.some((p) => p.kind === "locker")).toBe(true);
  });

  const isSortedByDistance = (points: ServicePoint[]) =>
    points.every((p, i) => i === 0 || p.distance_m! >= points[i - 1]!.distance_m!);

  it("lists Amsterdam's points first for an Amsterdam postcode", async () => {
    const points = await provider.servicePoints({ postcode: "1012 AB", country: "NL" });
    expect(points.length).toBe(20);
    expect(isSortedByDistance(points)).toBe(true);
    expect(points.slice(0, 5).map((p) => p.address.city)).toEqual(Array(5).fill("Amsterdam"));
    expect(points[0]!.distance_m).toBeLessThan(5_000);
    expect(points.every((p) => p.address.country === "NL")).toBe(true);
    const postnl = await provider.servicePoints({ postcode: "1012AB", country: "NL", carrier: "postnl" });
    expect(postnl.length).toBeGreaterThan(0);
    expect(postnl.every((p) => p.carrier === "postnl")).toBe(true);
  });

  it("lists Brussels points first for a Brussels postcode, Belgian points only", async () => {
    const points = await provider.servicePoints({ postcode: "1000", country: "BE" });
    expect(isSortedByDistance(points)).toBe(true);
    expect(points.every((p) => p.address.country === "BE")).toBe(true);
    expect(points.slice(0, 5).every((p) => p.distance_m! < 5_000)).toBe(true);
    expect(points.slice(0, 5).map((p) => p.id)).toContain("bpost:TEST-BE-0101");
    expect(points.at(-1)!.address.city).not.toBe("Brussel");
  });

  it("places postcodes by their area and knows none outside the table", async () => {
    expect(postcodeArea("9711 LV", "NL")?.town).toBe("Groningen");
    expect(postcodeArea("6211", "NL")?.town).toBe("Maastricht");
    expect(postcodeArea("9000", "BE")?.town).toBe("Gent");
    expect(postcodeArea("abcd", "NL")).toBeNull();
    expect(await provider.servicePoints({ postcode: "0999", country: "NL" })).toEqual([]);
  });
});

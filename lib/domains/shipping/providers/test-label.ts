/**
 * The test provider's shipping label: a real one-page A6 PDF (105 × 148 mm) drawn with
 * pdf-lib, with the sender, the recipient (or the service point, "Afhaalpunt"), size,
 * carrier, the tracking code as text and as a Code 128 barcode, and a band that says it is
 * a test label. Standard fonts only (Helvetica, WinAnsi): characters outside that set are
 * replaced, never an error.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { code128Widths } from "./code128";
import { parcelSize } from "./prices";
import type { Carrier, LabelInput } from "./types";

const MM = 72 / 25.4;
export const A6_POINTS = { width: 105 * MM, height: 148 * MM };
export const TEST_LABEL_NOTICE = "TESTLABEL – geen echte zending";

const CARRIER_NAMES: Record<Carrier, string> = { postnl: "PostNL", dhl: "DHL", bpost: "bpost" };

/** WinAnsi has Latin-1 plus a few extras (– ’ “ ” €); anything else becomes "?". */
function printable(text: string): string {
  return [...text.normalize("NFC")]
    .map((char) => {
      const code = char.codePointAt(0)!;
      if (code >= 0x20 && code <= 0x7e) return char;
      if (code >= 0xa0 && code <= 0xff) return char;
      return "–‘’“”€…".includes(char) ? char : "?";
    })
    .join("");
}

type Writer = { page: PDFPage; regular: PDFFont; bold: PDFFont; y: number };

/** The text, cut with "…" where it would run past the label's margin. */
function fitted(text: string, font: PDFFont, size: number, maxWidth: number): string {
  let result = printable(text);
  if (font.widthOfTextAtSize(result, size) <= maxWidth) return result;
  while (result.length > 1 && font.widthOfTextAtSize(`${result}…`, size) > maxWidth) result = result.slice(0, -1);
  return `${result.trimEnd()}…`;
}

function line(writer: Writer, text: string, options: { size?: number; bold?: boolean; gap?: number } = {}) {
  const size = options.size ?? 9;
  const font = options.bold ? writer.bold : writer.regular;
  writer.y -= size + (options.gap ?? 3);
  writer.page.drawText(fitted(text, font, size, A6_POINTS.width - 16 * MM), { x: 8 * MM, y: writer.y, size, font });
}

function addressLines(input: LabelInput): { heading: string; lines: string[] } {
  if (input.servicePoint) {
    const point = input.servicePoint;
    const street = `${point.address.street} ${point.address.house_number}`;
    return {
      heading: "Afhaalpunt",
      lines: [
        `t.a.v. ${input.recipient.name}`,
        point.name,
        street,
        `${point.address.postcode} ${point.address.city}`,
        point.address.country === "BE" ? "BELGIË" : "NEDERLAND",
      ],
    };
  }
  const address = input.address!;
  const suffix = address.house_number_suffix ? ` ${address.house_number_suffix}` : "";
  return {
    heading: "Ontvanger",
    lines: [
      address.name,
      `${address.street} ${address.house_number}${suffix}`,
      `${address.postcode} ${address.city}`,
      address.country === "BE" ? "BELGIË" : "NEDERLAND",
    ],
  };
}

function drawBarcode(page: PDFPage, code: string, x: number, y: number, maxWidth: number, height: number) {
  const widths = code128Widths(code);
  const modules = widths.reduce((sum, width) => sum + width, 0) + 20; // 10-module quiet zones
  const moduleWidth = Math.min(maxWidth / modules, 1.2);
  let cursor = x + 10 * moduleWidth;
  widths.forEach((width, index) => {
    if (index % 2 === 0) page.drawRectangle({ x: cursor, y, width: width * moduleWidth, height, color: rgb(0, 0, 0) });
    cursor += width * moduleWidth;
  });
}

export async function drawTestLabel(input: LabelInput): Promise<Uint8Array> {
  if (!input.address === !input.servicePoint) throw new RangeError("A label needs exactly one of address and servicePoint");
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Verzendlabel ${input.trackingCode} (test)`);
  pdf.setSubject(TEST_LABEL_NOTICE);
  pdf.setProducer("Kringwaar");
  pdf.setCreator("Kringwaar test shipping provider");
  // Fixed dates: nothing on the label depends on when it was drawn.
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const page = pdf.addPage([A6_POINTS.width, A6_POINTS.height]);
  const writer: Writer = {
    page,
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    y: A6_POINTS.height - 4 * MM,
  };

  // The test band across the top.
  page.drawRectangle({ x: 0, y: A6_POINTS.height - 12 * MM, width: A6_POINTS.width, height: 12 * MM, color: rgb(0.85, 0.1, 0.1) });
  page.drawText(printable(TEST_LABEL_NOTICE), {
    x: 8 * MM,
    y: A6_POINTS.height - 8 * MM,
    size: 11,
    font: writer.bold,
    color: rgb(1, 1, 1),
  });
  writer.y = A6_POINTS.height - 12 * MM;

  const spec = parcelSize(input.size);
  line(writer, `${CARRIER_NAMES[input.carrier]} · ${spec.name} (${input.size})`, { size: 12, bold: true, gap: 8 });
  line(writer, `max. ${spec.maxWeightKg} kg · ${spec.maxDimensionsCm.length}×${spec.maxDimensionsCm.width}×${spec.maxDimensionsCm.height} cm`, { size: 8 });

  const sender = input.sender;
  line(writer, "Afzender", { size: 8, bold: true, gap: 8 });
  line(writer, sender.name, { size: 8, gap: 2 });
  line(writer, `${sender.street} ${sender.house_number}${sender.house_number_suffix ? ` ${sender.house_number_suffix}` : ""}`, { size: 8, gap: 2 });
  line(writer, `${sender.postcode} ${sender.city} (${sender.country})`, { size: 8, gap: 2 });

  const destination = addressLines(input);
  line(writer, destination.heading, { size: 10, bold: true, gap: 10 });
  destination.lines.forEach((text, index) => line(writer, text, { size: index === 0 ? 12 : 11, bold: index === 0, gap: 3 }));

  const barcodeHeight = 18 * MM;
  const barcodeY = 16 * MM;
  drawBarcode(page, input.trackingCode, 6 * MM, barcodeY, A6_POINTS.width - 12 * MM, barcodeHeight);
  page.drawText(input.trackingCode, { x: 8 * MM, y: barcodeY - 6 * MM, size: 12, font: writer.bold });
  page.drawText(printable(`Referentie ${input.reference}`), { x: 8 * MM, y: 5 * MM, size: 6, font: writer.regular });

  return pdf.save({ useObjectStreams: false });
}

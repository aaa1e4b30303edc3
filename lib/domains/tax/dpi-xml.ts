/**
 * The DAC7 report as one DPI XML file (the OECD "DPI XML" schema v1.0, namespace
 * urn:oecd:ties:dpi:v1, with the EU's MessageType DAC7), built with xmlbuilder2, which
 * escapes every value. What the file holds and why: docs/trust-and-law.md, "DAC7".
 *
 * - Amounts are whole euros (`xs:integer`), rounded half up per quarter, currCode EUR.
 * - MessageRefId: NL + year + NL + a unique id; DocRefIds are stable per seller and year
 *   (`NL<year>-seller-<user id>`), so a later correction can refer to them.
 * - A private seller is an IndividualSeller (name, TIN, address, date of birth); a
 *   business seller an EntitySeller (legal name, TIN, the KvK number as IN type BRN,
 *   VAT, registered address), never with a date of birth.
 * - Every text is cut down to what XML 1.0 and the schema's lengths allow, so an odd
 *   value stored before the profile's checks can never break the file for everyone.
 * - A seller whose profile is missing or incomplete cannot be filed in this schema (a
 *   TIN, an address, a date of birth are required): they are left out and counted in the
 *   answer (`X-DAC7-Left-Out`); the JSON report lists them with profile_complete false.
 */
import { randomUUID } from "node:crypto";
import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces";
import { AppError } from "@/lib/platform/api/errors";
import { env } from "@/lib/platform/env";
import { isCountryCode } from "./countries";
import { decrypt } from "./crypto";
import type { Quarter, SellerFigures } from "./figures";
import { isProfileComplete } from "./profile";
import { reportable, type Seller } from "./report";

const DPI = "urn:oecd:ties:dpi:v1";
const STF = "urn:oecd:ties:dpistf:v1";
const XMLNS = "http://www.w3.org/2000/xmlns/";

/** Placeholders outside production (docs/trust-and-law.md): never filed. */
export const OPERATOR_DEFAULTS = { name: "Kringwaar B.V.", tin: "000000000", address: "Oudegracht 1, 3511 AA Utrecht" } as const;

export type PlatformOperator = { name: string; tin: string; address: string };

/** The operator from PLATFORM_OPERATOR_*; in production all three are required (409). */
export function platformOperator(): PlatformOperator {
  const config = env();
  const given = { name: config.PLATFORM_OPERATOR_NAME, tin: config.PLATFORM_OPERATOR_TIN, address: config.PLATFORM_OPERATOR_ADDRESS };
  if (given.name && given.tin && given.address) return { name: given.name, tin: given.tin, address: given.address };
  if (config.NODE_ENV === "production") {
    const missing = (["name", "tin", "address"] as const).filter((k) => !given[k]).map((k) => `PLATFORM_OPERATOR_${k.toUpperCase()}`);
    throw new AppError("conflict", `The DAC7 report needs the platform operator's details: set ${missing.join(", ")}`, {
      code: "platform_operator_missing",
      extra: { missing },
    });
  }
  return { name: given.name ?? OPERATOR_DEFAULTS.name, tin: given.tin ?? OPERATOR_DEFAULTS.tin, address: given.address ?? OPERATOR_DEFAULTS.address };
}

// Everything XML 1.0 cannot carry (C0 but tab, line feed and carriage return; lone
// surrogates; U+FFFE and U+FFFF), and the C1 controls and DEL, which it can but no name holds.
const NOT_XML = /[^\t\n\r\u0020-\u007e\u00a0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** A value as the file may carry it: printable, one line, at most `max` characters. */
export function xmlText(value: string | null | undefined, max = 200): string {
  const clean = (value ?? "").replace(NOT_XML, "").replace(/\s+/g, " ").trim();
  return Array.from(clean).slice(0, max).join("").trim();
}

/** Letters and digits only (a TIN, an IBAN, a KvK or VAT number as stored by older code). */
const identifier = (value: string | null | undefined) => (value ?? "").toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 200);

/** Whole euros, half up: 1249 cents is 12, 1250 is 13. */
export const wholeEuros = (cents: number) => Math.floor((cents + 50) / 100);

function nameParts(full: string): { first: string; last: string } {
  const parts = full.split(" ").filter(Boolean);
  if (parts.length <= 1) return { first: parts[0] ?? "", last: parts[0] ?? "" };
  return { first: parts[0]!, last: parts.slice(1).join(" ") };
}

const el = (parent: XMLBuilder, name: string, attributes?: Record<string, string>) => parent.ele(DPI, `dpi:${name}`, attributes);
const leaf = (parent: XMLBuilder, name: string, text: string, attributes?: Record<string, string>) => el(parent, name, attributes).txt(text).up();

type Address = { street: string; houseNumber: string; postcode: string; city: string; country: string };

function addressOf(raw: unknown): Address | null {
  if (!raw || typeof raw !== "object") return null;
  const a = raw as Record<string, unknown>;
  const text = (k: string) => (typeof a[k] === "string" ? (a[k] as string) : "");
  return { street: text("street"), houseNumber: text("house_number"), postcode: text("postcode"), city: text("city"), country: text("country") };
}

function address(parent: XMLBuilder, a: Address) {
  const node = el(parent, "Address");
  leaf(node, "CountryCode", a.country);
  const fix = el(node, "AddressFix");
  const street = xmlText(a.street);
  const building = xmlText(a.houseNumber);
  const postcode = xmlText(a.postcode);
  if (street) leaf(fix, "Street", street);
  if (building) leaf(fix, "BuildingIdentifier", building);
  if (postcode) leaf(fix, "PostCode", postcode);
  leaf(fix, "City", xmlText(a.city) || "-");
}

function docSpec(parent: XMLBuilder, docRefId: string) {
  parent.ele(DPI, "dpi:DocSpec").ele(STF, "stf:DocTypeIndic").txt("OECD1").up().ele(STF, "stf:DocRefId").txt(docRefId).up().up();
}

export const sellerDocRefId = (year: number, sellerId: string) => `NL${year}-seller-${sellerId}`;
export const operatorDocRefId = (year: number) => `NL${year}-operator`;

type Filed = { seller: Seller & { taxProfile: NonNullable<Seller["taxProfile"]> }; figures: SellerFigures; address: Address };

/** Whether the seller's profile holds what the schema requires, in codes it accepts. */
function fileable(seller: Seller): Address | null {
  const p = seller.taxProfile;
  if (!p || !isProfileComplete(p, seller)) return null;
  const home: Address = { street: p.street, houseNumber: p.houseNumber, postcode: p.postcode, city: p.city, country: p.country };
  // A company reports its registered address where it gave one.
  const used = (seller.isBusinessSeller && addressOf(p.registeredAddress)) || home;
  if (![used.country, p.tinCountry].every(isCountryCode)) return null;
  if (!seller.isBusinessSeller && (!xmlText(p.legalName) || !p.dateOfBirth)) return null;
  return used;
}

function financial(parent: XMLBuilder, iban: string, holder: string) {
  if (!iban) return;
  const node = el(parent, "FinancialIdentifier");
  leaf(node, "Identifier", iban, { AccountNumberType: "IBAN" });
  if (holder) leaf(node, "AccountHolderName", holder);
}

function seller(body: XMLBuilder, year: number, { seller: s, figures, address: home }: Filed) {
  const p = s.taxProfile;
  const node = el(body, "ReportableSeller");
  const identity = el(node, "Identity");
  const tin = identifier(decrypt(p.tinEncrypted));
  const iban = identifier(decrypt(p.ibanEncrypted));
  const legalName = xmlText(p.legalName);
  if (s.isBusinessSeller) {
    const standard = el(el(identity, "EntitySeller"), "Standard");
    const id = el(standard, "EntSellerID");
    leaf(id, "ResCountryCode", home.country);
    if (tin) leaf(id, "TIN", tin, { issuedBy: p.tinCountry });
    else el(id, "TIN", { unknown: "true" });
    const kvk = identifier(p.kvkNumber);
    if (kvk) leaf(id, "IN", kvk, { issuedBy: "NL", INType: "BRN" });
    const vat = identifier(p.vatNumber);
    if (vat) leaf(id, "VAT", vat);
    leaf(id, "Name", legalName || xmlText(s.name) || "-");
    address(id, home);
    financial(standard, iban, legalName);
  } else {
    const standard = el(el(identity, "IndividualSeller"), "Standard");
    const id = el(standard, "IndSellerID");
    leaf(id, "ResCountryCode", home.country);
    if (tin) leaf(id, "TIN", tin, { issuedBy: p.tinCountry });
    else el(id, "TIN", { unknown: "true" });
    const name = nameParts(legalName);
    const personName = el(id, "Name");
    leaf(personName, "FirstName", name.first);
    leaf(personName, "LastName", name.last);
    address(id, home);
    // fileable() made sure a person's profile has one.
    el(id, "BirthInfo").ele(DPI, "dpi:BirthDate").txt(p.dateOfBirth!.toISOString().slice(0, 10));
    financial(standard, iban, legalName);
  }
  const goods = el(el(node, "RelevantActivities"), "SaleOfGoods");
  const perQuarter = (group: string, tag: string, value: (q: Quarter) => number, money: boolean) => {
    const parent = el(goods, group);
    for (const q of figures.quarters) leaf(parent, `${tag}Q${q.quarter}`, String(value(q)), money ? { currCode: "EUR" } : undefined);
  };
  perQuarter("Consideration", "Cons", (q) => wholeEuros(q.paid_cents), true);
  perQuarter("NumberOfActivities", "Numb", (q) => q.sales, false);
  perQuarter("Fees", "Fees", (q) => wholeEuros(q.fees_cents), true);
  perQuarter("Taxes", "Tax", () => 0, true);
  docSpec(node, sellerDocRefId(year, s.id));
}

export type Dac7XmlFile = { xml: string; year: number; sellers: number; left_out: string[] };

/** GET /api/admin/dac7?year=&format=xml: one DPI XML file for the year. */
export async function dac7Xml(year: number, now: Date = new Date()): Promise<Dac7XmlFile> {
  const operator = platformOperator();
  const filed: Filed[] = [];
  const leftOut: string[] = [];
  for (const row of await reportable(year)) {
    const home = fileable(row.seller);
    if (home && row.seller.taxProfile) filed.push({ seller: { ...row.seller, taxProfile: row.seller.taxProfile }, figures: row.figures, address: home });
    else leftOut.push(row.seller.id);
  }

  const root = create({ version: "1.0", encoding: "UTF-8", invalidCharReplacement: "" })
    .ele(DPI, "dpi:DPI_OECD", { version: "1.0" })
    .att(XMLNS, "xmlns:stf", STF);
  const spec = el(root, "MessageSpec");
  leaf(spec, "TransmittingCountry", "NL");
  leaf(spec, "ReceivingCountry", "NL");
  leaf(spec, "MessageType", "DAC7");
  leaf(spec, "MessageRefId", `NL${year}NL${randomUUID().replace(/-/g, "")}`);
  // DPI403: nothing to report this year.
  leaf(spec, "MessageTypeIndic", filed.length > 0 ? "DPI401" : "DPI403");
  leaf(spec, "ReportingPeriod", `${year}-12-31`);
  leaf(spec, "Timestamp", now.toISOString().slice(0, 19));

  const body = el(root, "DPIBody");
  const op = el(body, "PlatformOperator");
  leaf(op, "ResCountryCode", "NL");
  leaf(op, "TIN", identifier(operator.tin), { issuedBy: "NL" });
  leaf(op, "Name", xmlText(operator.name));
  const opAddress = el(op, "Address");
  leaf(opAddress, "CountryCode", "NL");
  leaf(opAddress, "AddressFree", xmlText(operator.address, 4000));
  docSpec(op, operatorDocRefId(year));
  for (const entry of filed) seller(body, year, entry);

  return { xml: root.end({ prettyPrint: true }), year, sellers: filed.length, left_out: leftOut };
}

export function dac7XmlResponse(file: Dac7XmlFile): Response {
  return new Response(file.xml, {
    status: 200,
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="dac7-${file.year}.xml"`,
      "X-DAC7-Sellers": String(file.sellers),
      "X-DAC7-Left-Out": String(file.left_out.length),
    },
  });
}

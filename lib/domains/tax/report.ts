/**
 * The DAC7 report of a year: GET /api/admin/dac7?year= lists the reportable sellers with
 * their quarterly figures; `format=xml` gives the same as one DPI XML file (the OECD
 * "DPI XML" schema v1.0 the Belastingdienst accepts); GET /api/users/me/dac7?year= is
 * the seller's own statement (DAC7 art. 8ac(3): each reported seller gets their figures).
 */
import { randomUUID } from "node:crypto";
import { db } from "@/lib/platform/db/client";
import type { TaxProfile, User } from "@/lib/platform/db/generated/client";
import { decrypt } from "./crypto";
import { isReportable, REPORT_CENTS, REPORT_SALES, yearFigures, type Quarter, type SellerFigures } from "./figures";
import { isProfileComplete, serializeTaxProfile, type TaxProfileJson } from "./profile";

/** The platform operator as it files the report (set the real TIN before the first filing). */
export const PLATFORM_OPERATOR = { name: "Kringwaar B.V.", tin: "NL000000000B01", country: "NL", address: "Oudegracht 1, 3511 AA Utrecht" };

const euros = (cents: number) => Math.round(cents) / 100;

type QuarterJson = { quarter: number; sales: number; paid: number; fees: number };

function quartersJson(quarters: Quarter[]): QuarterJson[] {
  return quarters.map((q) => ({ quarter: q.quarter, sales: q.sales, paid: euros(q.paid_cents), fees: euros(q.fees_cents) }));
}

export type Dac7SellerJson = {
  user_id: string;
  name: string;
  email: string;
  is_business: boolean;
  profile_complete: boolean;
  tax_profile: TaxProfileJson | null;
  quarters: QuarterJson[];
  totals: { sales: number; paid: number; fees: number };
};

type Seller = Pick<User, "id" | "name" | "email" | "isBusinessSeller"> & { taxProfile: TaxProfile | null };

async function reportable(year: number): Promise<{ seller: Seller; figures: SellerFigures }[]> {
  const figures = [...(await yearFigures(year)).values()].filter(isReportable);
  const sellers = await db.user.findMany({
    where: { id: { in: figures.map((f) => f.sellerId) } },
    select: { id: true, name: true, email: true, isBusinessSeller: true, taxProfile: true },
  });
  const byId = new Map(sellers.map((s) => [s.id, s]));
  return figures
    .filter((f) => byId.has(f.sellerId))
    .map((f) => ({ seller: byId.get(f.sellerId)!, figures: f }))
    .sort((a, b) => a.seller.name.localeCompare(b.seller.name) || a.seller.id.localeCompare(b.seller.id));
}

/** GET /api/admin/dac7?year=: JSON. */
export async function dac7Report(year: number) {
  const rows = await reportable(year);
  const sellers: Dac7SellerJson[] = rows.map(({ seller, figures }) => ({
    user_id: seller.id,
    name: seller.name,
    email: seller.email,
    is_business: seller.isBusinessSeller,
    profile_complete: isProfileComplete(seller.taxProfile, seller),
    tax_profile: seller.taxProfile ? serializeTaxProfile(seller.taxProfile) : null,
    quarters: quartersJson(figures.quarters),
    totals: { sales: figures.sales, paid: euros(figures.paidCents), fees: euros(figures.feesCents) },
  }));
  return { year, thresholds: { sales: REPORT_SALES, paid: euros(REPORT_CENTS) }, due_by: `${year + 1}-01-31`, sellers };
}

/** GET /api/users/me/dac7?year=: the seller's own figures, and whether they are reported. */
export async function myDac7Statement(user: User, year: number) {
  const figures = (await yearFigures(year, user.id)).get(user.id);
  const profile = await db.taxProfile.findUnique({ where: { userId: user.id } });
  const quarters = figures?.quarters ?? ([1, 2, 3, 4] as const).map((quarter) => ({ quarter, sales: 0, paid_cents: 0, fees_cents: 0 }));
  return {
    year,
    reportable: figures ? isReportable(figures) : false,
    profile_complete: isProfileComplete(profile, user),
    tax_profile: profile ? serializeTaxProfile(profile) : null,
    quarters: quartersJson(quarters),
    totals: { sales: figures?.sales ?? 0, paid: euros(figures?.paidCents ?? 0), fees: euros(figures?.feesCents ?? 0) },
  };
}

// ---- DPI XML

function x(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

const amount = (cents: number) => (cents / 100).toFixed(2);

function nameParts(full: string): { first: string; last: string } {
  const parts = full.trim().split(/\s+/);
  if (parts.length === 1) return { first: parts[0]!, last: parts[0]! };
  return { first: parts[0]!, last: parts.slice(1).join(" ") };
}

function addressXml(p: { street: string; houseNumber: string; postcode: string; city: string; country: string }): string {
  return `<dpi:Address><dpi:CountryCode>${x(p.country)}</dpi:CountryCode><dpi:AddressFix><dpi:Street>${x(p.street)}</dpi:Street><dpi:BuildingIdentifier>${x(p.houseNumber)}</dpi:BuildingIdentifier><dpi:PostCode>${x(p.postcode)}</dpi:PostCode><dpi:City>${x(p.city)}</dpi:City></dpi:AddressFix></dpi:Address>`;
}

function docSpec(year: number, id: string): string {
  return `<dpi:DocSpec><stf:DocTypeIndic>OECD1</stf:DocTypeIndic><stf:DocRefId>NL${year}-${x(id)}</stf:DocRefId></dpi:DocSpec>`;
}

function sellerXml(year: number, seller: Seller, f: SellerFigures): string {
  const p = seller.taxProfile;
  let identity = `<dpi:Identity><dpi:IndividualSeller><dpi:Standard><dpi:IndSellerID><dpi:ResCountryCode>NL</dpi:ResCountryCode><dpi:TIN unknown="true"/><dpi:Name><dpi:FirstName>${x(nameParts(seller.name).first)}</dpi:FirstName><dpi:LastName>${x(nameParts(seller.name).last)}</dpi:LastName></dpi:Name></dpi:IndSellerID></dpi:Standard></dpi:IndividualSeller></dpi:Identity>`;
  if (p) {
    const tin = decrypt(p.tinEncrypted);
    const address = { street: p.street, houseNumber: p.houseNumber, postcode: p.postcode, city: p.city, country: p.country };
    const financial = `<dpi:FinancialIdentifier><dpi:Identifier AccountNumberType="IBAN">${x(decrypt(p.ibanEncrypted))}</dpi:Identifier><dpi:AccountHolderName>${x(p.legalName)}</dpi:AccountHolderName></dpi:FinancialIdentifier>`;
    if (seller.isBusinessSeller) {
      identity = `<dpi:Identity><dpi:EntitySeller><dpi:Standard><dpi:EntSellerID><dpi:ResCountryCode>${x(p.country)}</dpi:ResCountryCode><dpi:TIN issuedBy="${x(p.tinCountry)}">${x(tin)}</dpi:TIN>${p.kvkNumber ? `<dpi:IN issuedBy="NL" INType="KvK">${x(p.kvkNumber)}</dpi:IN>` : ""}${p.vatNumber ? `<dpi:VAT>${x(p.vatNumber)}</dpi:VAT>` : ""}<dpi:Name>${x(p.legalName)}</dpi:Name>${addressXml(address)}</dpi:EntSellerID>${financial}</dpi:Standard></dpi:EntitySeller></dpi:Identity>`;
    } else {
      const name = nameParts(p.legalName);
      identity = `<dpi:Identity><dpi:IndividualSeller><dpi:Standard><dpi:IndSellerID><dpi:ResCountryCode>${x(p.country)}</dpi:ResCountryCode><dpi:TIN issuedBy="${x(p.tinCountry)}">${x(tin)}</dpi:TIN><dpi:Name><dpi:FirstName>${x(name.first)}</dpi:FirstName><dpi:LastName>${x(name.last)}</dpi:LastName></dpi:Name>${addressXml(address)}<dpi:BirthInfo><dpi:BirthDate>${p.dateOfBirth.toISOString().slice(0, 10)}</dpi:BirthDate></dpi:BirthInfo></dpi:IndSellerID>${financial}</dpi:Standard></dpi:IndividualSeller></dpi:Identity>`;
    }
  }
  const q = f.quarters;
  const per = (tag: string, pick: (q: Quarter) => string, curr: boolean) =>
    q.map((qq) => `<dpi:${tag}Q${qq.quarter}${curr ? ' currCode="EUR"' : ""}>${pick(qq)}</dpi:${tag}Q${qq.quarter}>`).join("");
  const activities = `<dpi:RelevantActivities><dpi:SaleOfGoods><dpi:Consideration>${per("Cons", (qq) => amount(qq.paid_cents), true)}</dpi:Consideration><dpi:NumberOfActivities>${per("Numb", (qq) => String(qq.sales), false)}</dpi:NumberOfActivities><dpi:Fees>${per("Fees", (qq) => amount(qq.fees_cents), true)}</dpi:Fees><dpi:Taxes>${per("Tax", () => "0.00", true)}</dpi:Taxes></dpi:SaleOfGoods></dpi:RelevantActivities>`;
  return `<dpi:ReportableSeller>${identity}${activities}${docSpec(year, seller.id)}</dpi:ReportableSeller>`;
}

/** GET /api/admin/dac7?year=&format=xml: one DPI XML file for the year. */
export async function dac7Xml(year: number, now: Date = new Date()): Promise<string> {
  const rows = await reportable(year);
  const messageRef = `NL${year}-${randomUUID()}`;
  const operator = `<dpi:PlatformOperator><dpi:ResCountryCode>${PLATFORM_OPERATOR.country}</dpi:ResCountryCode><dpi:TIN issuedBy="NL">${x(PLATFORM_OPERATOR.tin)}</dpi:TIN><dpi:Name>${x(PLATFORM_OPERATOR.name)}</dpi:Name><dpi:Address><dpi:CountryCode>NL</dpi:CountryCode><dpi:AddressFree>${x(PLATFORM_OPERATOR.address)}</dpi:AddressFree></dpi:Address>${docSpec(year, "operator")}</dpi:PlatformOperator>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<dpi:DPI_OECD version="1.0" xmlns:dpi="urn:oecd:ties:dpi:v1" xmlns:stf="urn:oecd:ties:dpistf:v1">
<dpi:MessageSpec><dpi:TransmittingCountry>NL</dpi:TransmittingCountry><dpi:ReceivingCountry>NL</dpi:ReceivingCountry><dpi:MessageType>DPI</dpi:MessageType><dpi:MessageRefId>${messageRef}</dpi:MessageRefId><dpi:MessageTypeIndic>DPI401</dpi:MessageTypeIndic><dpi:ReportingPeriod>${year}-12-31</dpi:ReportingPeriod><dpi:Timestamp>${now.toISOString().slice(0, 19)}</dpi:Timestamp></dpi:MessageSpec>
<dpi:DPIBody>${operator}${rows.map(({ seller, figures }) => sellerXml(year, seller, figures)).join("")}</dpi:DPIBody>
</dpi:DPI_OECD>
`;
}

export function dac7XmlResponse(xml: string, year: number): Response {
  return new Response(xml, {
    status: 200,
    headers: { "Content-Type": "application/xml; charset=utf-8", "Content-Disposition": `attachment; filename="dac7-${year}.xml"` },
  });
}

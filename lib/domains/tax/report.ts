/**
 * The DAC7 report of a year: GET /api/admin/dac7?year= lists the reportable sellers with
 * their quarterly figures; `format=xml` gives the same as one DPI XML file (./dpi-xml.ts,
 * the OECD "DPI XML" schema v1.0 the Belastingdienst accepts); GET /api/users/me/dac7?year=
 * is the seller's own statement (DAC7 art. 8ac(3): each reported seller gets their figures).
 */
import { db } from "@/lib/platform/db/client";
import type { TaxProfile, User } from "@/lib/platform/db/generated/client";
import { isReportable, REPORT_CENTS, REPORT_SALES, yearFigures, type Quarter, type SellerFigures } from "./figures";
import { isProfileComplete, serializeTaxProfile } from "./profile";
import type { Dac7ReportJson, MyDac7Json } from "./responses";

const euros = (cents: number) => Math.round(cents) / 100;

function quartersJson(quarters: Quarter[]): MyDac7Json["quarters"] {
  return quarters.map((q) => ({ quarter: q.quarter, sales: q.sales, paid: euros(q.paid_cents), fees: euros(q.fees_cents) }));
}

export type Seller = Pick<User, "id" | "name" | "email" | "isBusinessSeller"> & { taxProfile: TaxProfile | null };

export async function reportable(year: number): Promise<{ seller: Seller; figures: SellerFigures }[]> {
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
export async function dac7Report(year: number): Promise<Dac7ReportJson> {
  const rows = await reportable(year);
  const sellers: Dac7ReportJson["sellers"] = rows.map(({ seller, figures }) => ({
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
export async function myDac7Statement(user: User, year: number): Promise<MyDac7Json> {
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

/**
 * What the dashboard's tax tab (/dashboard?tab=tax) shows: the masked tax profile and,
 * for a year with sales (the one asked for, else the latest), the seller's own DAC7
 * statement: the same services as GET /api/users/me/tax-profile and /api/users/me/dac7.
 */
import type { User } from "@/lib/platform/db/generated/client";
import { amsterdamYear, salesYears } from "./figures";
import { getTaxProfile } from "./profile";
import { myDac7Statement } from "./report";

export async function taxDashboard(user: User, requestedYear?: number, now: Date = new Date()) {
  const [tax, years] = await Promise.all([getTaxProfile(user), salesYears(user.id)]);
  const year = requestedYear !== undefined && years.includes(requestedYear) ? requestedYear : (years[0] ?? amsterdamYear(now));
  const statement = await myDac7Statement(user, year);
  return { ...tax, is_business: user.isBusinessSeller, years, statement };
}
export type TaxDashboard = Awaited<ReturnType<typeof taxDashboard>>;

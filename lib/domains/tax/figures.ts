/**
 * A seller's DAC7 figures for a calendar year (Europe/Amsterdam): per quarter the
 * consideration paid out (the price of each completed sale; shipping passed on to the
 * carrier is not part of it), the number of sales and the fees the platform withheld
 * from or charged the seller. Those are none today (the buyer pays the 5% protection fee,
 * not the seller), so the fees are 0; they stay in the figures for when the seller is
 * charged something. A sale counts in the quarter its payout was released
 * (orders.completed_at). docs/trust-and-law.md, "DAC7".
 */
import { db } from "@/lib/platform/db/client";

/** DAC7's de-minimis: a seller is reportable from 30 sales or €2,000 in a year. */
export const REPORT_SALES = 30;
export const REPORT_CENTS = 200_000;
/** We ask for the tax profile from 25 sales or €1,750, before payouts must wait. */
export const ASK_SALES = 25;
export const ASK_CENTS = 175_000;

export type Quarter = { quarter: 1 | 2 | 3 | 4; sales: number; paid_cents: number; fees_cents: number };
export type SellerFigures = { sellerId: string; quarters: Quarter[]; sales: number; paidCents: number; feesCents: number };

type Row = { seller_id: string; q: number; sales: number; paid: bigint | number };

function emptyQuarters(): Quarter[] {
  return ([1, 2, 3, 4] as const).map((quarter) => ({ quarter, sales: 0, paid_cents: 0, fees_cents: 0 }));
}

/** Every seller with a completed sale in `year` (or only `sellerId`), with their quarters. */
export async function yearFigures(year: number, sellerId?: string): Promise<Map<string, SellerFigures>> {
  const rows = sellerId
    ? await db.$queryRaw<Row[]>`
      SELECT seller_id::text, EXTRACT(QUARTER FROM completed_at AT TIME ZONE 'Europe/Amsterdam')::int AS q,
        COUNT(*)::int AS sales, SUM(amount_cents)::bigint AS paid
      FROM orders
      WHERE status = 'completed' AND completed_at IS NOT NULL AND seller_id = ${sellerId}::uuid
        AND EXTRACT(YEAR FROM completed_at AT TIME ZONE 'Europe/Amsterdam') = ${year}
      GROUP BY seller_id, q`
    : await db.$queryRaw<Row[]>`
      SELECT seller_id::text, EXTRACT(QUARTER FROM completed_at AT TIME ZONE 'Europe/Amsterdam')::int AS q,
        COUNT(*)::int AS sales, SUM(amount_cents)::bigint AS paid
      FROM orders
      WHERE status = 'completed' AND completed_at IS NOT NULL
        AND EXTRACT(YEAR FROM completed_at AT TIME ZONE 'Europe/Amsterdam') = ${year}
      GROUP BY seller_id, q`;
  const out = new Map<string, SellerFigures>();
  for (const row of rows) {
    const figures = out.get(row.seller_id) ?? { sellerId: row.seller_id, quarters: emptyQuarters(), sales: 0, paidCents: 0, feesCents: 0 };
    const quarter = figures.quarters[row.q - 1]!;
    quarter.sales += row.sales;
    quarter.paid_cents += Number(row.paid);
    figures.sales += row.sales;
    figures.paidCents += Number(row.paid);
    out.set(row.seller_id, figures);
  }
  return out;
}

export function isReportable(f: { sales: number; paidCents: number }): boolean {
  return f.sales >= REPORT_SALES || f.paidCents >= REPORT_CENTS;
}

/** The Amsterdam calendar year of a moment. */
export function amsterdamYear(at: Date): number {
  return Number(new Intl.DateTimeFormat("en", { timeZone: "Europe/Amsterdam", year: "numeric" }).format(at));
}

/** The Amsterdam years in which the seller completed a sale, newest first. */
export async function salesYears(sellerId: string): Promise<number[]> {
  const rows = await db.$queryRaw<{ y: number }[]>`
    SELECT DISTINCT EXTRACT(YEAR FROM completed_at AT TIME ZONE 'Europe/Amsterdam')::int AS y
    FROM orders WHERE seller_id = ${sellerId}::uuid AND status = 'completed' AND completed_at IS NOT NULL
    ORDER BY y DESC`;
  return rows.map((r) => Number(r.y));
}

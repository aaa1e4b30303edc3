/**
 * What the tax domain keeps about one person, for their data export (docs/account-data.md):
 * the tax profile as its owner sees it (BSN/TIN and IBAN masked, never decrypted in
 * full), whether it is complete for DAC7, whether payouts wait for it this year, and the
 * yearly DAC7 statements mailed to them. Reads only, on the caller's transaction.
 */
import type { Tx } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";
import { amsterdamYear, isReportable } from "./figures";
import { isProfileComplete, serializeTaxProfile } from "./profile";

export async function taxDataOf(tx: Tx, user: Pick<User, "id" | "isBusinessSeller">, now: Date = new Date()) {
  const [row, mails, year] = await Promise.all([
    tx.taxProfile.findUnique({ where: { userId: user.id } }),
    tx.dac7StatementMail.findMany({ where: { userId: user.id }, orderBy: { year: "asc" } }),
    thisYear(tx, user.id, now),
  ]);
  const complete = isProfileComplete(row, user);
  return {
    profile: row ? { ...serializeTaxProfile(row), created_at: row.createdAt.toISOString() } : null,
    complete,
    // The escrow's DAC7 question (./holds.ts) without its side effects: reportable this
    // year and the profile not complete.
    payouts_wait_for_profile: !complete && isReportable(year),
    dac7_statements_sent: mails.map((m) => ({ year: m.year, sent_at: m.sentAt.toISOString() })),
  };
}

/** The seller's completed sales and their price this Amsterdam year (./figures.ts counts the same). */
async function thisYear(tx: Tx, sellerId: string, now: Date) {
  const [row] = await tx.$queryRaw<{ sales: number; paid: bigint | number | null }[]>`
    SELECT COUNT(*)::int AS sales, SUM(amount_cents)::bigint AS paid FROM orders
    WHERE status = 'completed' AND completed_at IS NOT NULL AND seller_id = ${sellerId}::uuid
      AND EXTRACT(YEAR FROM completed_at AT TIME ZONE 'Europe/Amsterdam') = ${amsterdamYear(now)}`;
  return { sales: row?.sales ?? 0, paidCents: Number(row?.paid ?? 0) };
}

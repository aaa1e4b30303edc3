/**
 * DAC7 thresholds at payout time. From 25 sales or €1,750 in a year the seller is asked
 * once for their tax profile (notification and mail); from 30 sales or €2,000 (when the
 * platform must report them) payouts wait until the profile is complete: the seller is
 * told once a year by notification and by an automated statement of reasons (mail), and
 * the escrow job pays on its first run after the profile is complete. A manual hold by an
 * admin (users.payouts_held_at, with its own statement of reasons) is asked here too, so
 * the escrow job has one question before every payout.
 */
import { db } from "@/lib/platform/db/client";
import { appFormatter, money } from "@/lib/platform/i18n/formats";
import { notify } from "@/lib/domains/notifications";
import { issueStatement } from "@/lib/domains/statements";
import { ASK_CENTS, ASK_SALES, amsterdamYear, isReportable, yearFigures } from "./figures";
import { isProfileComplete } from "./profile";

export const DAC7_HOLD = "dac7_tax_profile_missing";
/** An admin holds the seller's payouts (users.payouts_held_at, lib/domains/admin/payout-holds.ts). */
export const MANUAL_HOLD = "admin_payout_hold";

/** Midnight of 1 January in Amsterdam (UTC+1 in winter). */
function yearStart(year: number): Date {
  return new Date(Date.UTC(year - 1, 11, 31, 23, 0, 0));
}

/**
 * Why a payout of `upcomingCents` to the seller must wait now, or null to pay it. The
 * escrow job (lib/domains/orders/jobs.ts) asks before every payout.
 */
export async function payoutHoldReason(sellerId: string, now: Date = new Date(), upcomingCents = 0): Promise<string | null> {
  const manual = await db.user.findUnique({ where: { id: sellerId }, select: { payoutsHeldAt: true } });
  if (manual?.payoutsHeldAt) return MANUAL_HOLD;
  const year = amsterdamYear(now);
  const figures = (await yearFigures(year, sellerId)).get(sellerId);
  const sales = (figures?.sales ?? 0) + (upcomingCents > 0 ? 1 : 0);
  const paidCents = (figures?.paidCents ?? 0) + upcomingCents;
  if (sales < ASK_SALES && paidCents < ASK_CENTS) return null;
  const user = await db.user.findUnique({ where: { id: sellerId }, select: { isBusinessSeller: true, locale: true, taxProfile: true } });
  if (!user || isProfileComplete(user.taxProfile, user)) return null;
  const since = yearStart(year);
  const data = { sales: String(sales), amountCents: paidCents, year: String(year) };
  if (!isReportable({ sales, paidCents })) {
    const asked = await db.notification.count({ where: { userId: sellerId, event: "tax.profile_needed", createdAt: { gte: since } } });
    if (asked === 0) await db.$transaction((tx) => notify(tx, sellerId, "tax.profile_needed", data));
    return null;
  }
  const told = await db.moderationStatement.count({ where: { userId: sellerId, kind: "payout_hold", createdAt: { gte: since } } });
  if (told === 0) {
    const nl = user.locale !== "en";
    const proceeds = money(appFormatter(nl ? "nl" : "en"), paidCents);
    await db.$transaction(async (tx) => {
      await issueStatement(tx, {
        userId: sellerId,
        kind: "payout_hold",
        category: "other",
        facts: nl
          ? `Je hebt in ${year} ${sales} verkopen en ${proceeds} aan opbrengst bereikt, maar je fiscale gegevens (DAC7) zijn nog niet compleet. Je uitbetalingen wachten tot je ze invult in je dashboard; daarna gaan ze vanzelf.`
          : `In ${year} you reached ${sales} sales and ${proceeds} in proceeds, but your tax details (DAC7) are not complete yet. Your payouts wait until you fill them in on your dashboard; then they are sent automatically.`,
        rule: nl
          ? "DAC7 (EU-richtlijn 2021/514): platforms melden verkopers vanaf 30 verkopen of € 2.000 per jaar aan de Belastingdienst; Gebruiksvoorwaarden, uitbetalingen."
          : "DAC7 (EU directive 2021/514): platforms report sellers with 30 sales or €2,000 a year to the tax authority; terms of use, payouts.",
        targetType: "user",
        targetId: sellerId,
        decidedBy: null,
        automated: true,
      });
      await notify(tx, sellerId, "payout.held_tax", data);
    });
  }
  return DAC7_HOLD;
}

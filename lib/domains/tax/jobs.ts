/**
 * The January mail of the DAC7 statement (DAC7 art. 8ac(3)): every seller reported for
 * the year before receives, by 31 January, the figures the platform reports about them.
 * In January (Amsterdam time) each run mails the reportable sellers of the previous year
 * who have not had theirs yet; dac7_statement_mails (one row per seller and year,
 * written in the mail's transaction) makes it once per seller per year, also when two
 * runs overlap.
 */
import { db } from "@/lib/platform/db/client";
import { appFormatter, money } from "@/lib/platform/i18n/formats";
import { isLocale, type Locale } from "@/lib/platform/i18n/config";
import type { Job } from "@/lib/platform/jobs";
import { enqueueMail } from "@/lib/platform/mail/outbox";
import { absoluteUrl } from "@/lib/platform/site";
import { amsterdamYear, isReportable, yearFigures } from "./figures";

/** The Amsterdam month (1–12) of a moment. */
function amsterdamMonth(at: Date): number {
  return Number(new Intl.DateTimeFormat("en", { timeZone: "Europe/Amsterdam", month: "numeric" }).format(at));
}

/**
 * Mails the statement of `year` to each of its reportable sellers not yet mailed for it;
 * returns how many were written to the outbox.
 */
export async function sendDac7Statements(year: number): Promise<number> {
  const reportable = [...(await yearFigures(year)).values()].filter(isReportable);
  if (reportable.length === 0) return 0;
  const done = await db.dac7StatementMail.findMany({ where: { year, userId: { in: reportable.map((f) => f.sellerId) } }, select: { userId: true } });
  const mailed = new Set(done.map((d) => d.userId));
  const todo = reportable.filter((f) => !mailed.has(f.sellerId));
  const users = await db.user.findMany({ where: { id: { in: todo.map((f) => f.sellerId) }, deletedAt: null }, select: { id: true, locale: true } });
  const localeOf = new Map<string, Locale>(users.map((u) => [u.id, isLocale(u.locale) ? u.locale : "nl"]));
  let sent = 0;
  for (const figures of todo) {
    const locale = localeOf.get(figures.sellerId);
    if (!locale) continue;
    const wrote = await db.$transaction(async (tx) => {
      // The claim: a second (or concurrent) run finds the row and writes nothing.
      const claimed = await tx.dac7StatementMail.createMany({ data: [{ userId: figures.sellerId, year }], skipDuplicates: true });
      if (claimed.count === 0) return false;
      await enqueueMail(tx, {
        userId: figures.sellerId,
        template: "dac7_statement",
        data: {
          year: String(year),
          sales: String(figures.sales),
          amount: money(appFormatter(locale), figures.paidCents),
          fees: money(appFormatter(locale), figures.feesCents),
        },
        actionUrl: absoluteUrl(`/dashboard?tab=tax&year=${year}`),
        dedupeKey: `dac7_statement:${figures.sellerId}:${year}`,
      });
      return true;
    });
    if (wrote) sent += 1;
  }
  return sent;
}

export const taxJobs = [
  /** In January: the DAC7 statement of the previous year to each reportable seller, once. */
  {
    name: "tax.dac7-statements",
    run: async (now) => ({ dac7_statements: amsterdamMonth(now) === 1 ? await sendDac7Statements(amsterdamYear(now) - 1) : 0 }),
  },
] as const satisfies readonly Job[];

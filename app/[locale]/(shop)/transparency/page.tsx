import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { currentUser } from "@/lib/domains/accounts";
import { recentHalves, transparencyReport, type TransparencyReport } from "@/lib/domains/statements";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";

// Figures from the database at request time.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("transparency");
  return { title: t("title"), description: t("intro") };
}

/** /transparency (also /transparantie): the DSA art. 24 figures per half year. */
export default async function TransparencyPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  const t = await getTranslations("transparency");
  const tc = await getTranslations("reports.reason");
  const [reports, viewer] = await Promise.all([Promise.all(recentHalves().map((h) => transparencyReport(h))), currentUser()]);
  const row = (label: string, value: string | number) => (
    <tr className="border-t">
      <th scope="row" className="p-2 text-left font-normal">{label}</th>
      <td className="p-2 text-right tabular-nums">{value}</td>
    </tr>
  );
  const section = (r: TransparencyReport) => (
    <section key={`${r.period.year}-${r.period.half}`} className="rounded-2xl border bg-card p-4" data-testid="transparency-period">
      <h2 className="text-lg font-semibold">{t("period", { year: r.period.year, half: r.period.half })}</h2>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">{t("period", { year: r.period.year, half: r.period.half })}</caption>
        <tbody>
          {row(t("notices"), r.notices.total)}
          {Object.entries(r.notices.by_category).map(([k, v]) => row(`· ${tc(k as "scam")}`, v))}
          {row(t("fromUsers"), r.notices.by_sender.user)}
          {row(t("fromVisitors"), r.notices.by_sender.visitor)}
          {row(t("dismissed"), r.decisions.on_notices.dismissed ?? 0)}
          {row(t("removals"), r.decisions.restrictions.listing_removal ?? 0)}
          {row(t("bans"), r.bans)}
          {row(t("payoutHolds"), r.decisions.restrictions.payout_hold ?? 0)}
          {row(t("automated"), r.decisions.automated)}
          {row(t("median"), r.decisions.median_hours_to_decision === null ? "–" : t("hours", { hours: r.decisions.median_hours_to_decision }))}
          {row(t("complaints"), r.complaints.received)}
          {row(t("complaintsReversed"), r.complaints.reversed)}
          {row(t("complaintsUpheld"), r.complaints.upheld)}
          {row(t("mau"), r.average_monthly_active_users)}
        </tbody>
      </table>
      {viewer?.isAdmin ? (
        <a className="mt-3 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline" href={`/api/admin/transparency?year=${r.period.year}&half=${r.period.half}&format=csv`} data-testid="transparency-csv">
          {t("csv")}
        </a>
      ) : null}
    </section>
  );
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="text-muted-foreground">{t("intro")}</p>
      <div className="grid gap-4 sm:grid-cols-2">{reports.map(section)}</div>
    </div>
  );
}

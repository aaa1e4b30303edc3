/**
 * The dashboard's tax tab (/dashboard?tab=tax, DAC7): why we ask, the tax profile form
 * (the only client part), and the seller's yearly statement: the quarterly figures the
 * platform reports, for a year with sales picked with plain links (?tab=tax&year=), so the
 * statement is rendered on the server. Data comes from the page (lib/domains/tax taxDashboard).
 */
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { CircleAlertIcon, CircleCheckIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/platform/utils";
import type { TaxDashboard } from "@/lib/domains/tax/client";
import { TaxProfileForm } from "./tax-profile-form";

export async function TaxPanel({ data }: { data: TaxDashboard }) {
  const [t, formatter] = await Promise.all([getTranslations("tax"), getFormatter()]);
  const money = (amount: number) => formatter.number(amount, "euro");
  const { statement } = data;
  return (
    <div className="space-y-10">
      <section aria-labelledby="tax-profile-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="tax-profile-heading" className="text-lg font-semibold">{t("profileTitle")}</h3>
          {data.complete ? (
            <Badge variant="secondary" data-testid="tax-status"><CircleCheckIcon aria-hidden="true" />{t("complete")}</Badge>
          ) : (
            <Badge variant="outline" data-testid="tax-status"><CircleAlertIcon aria-hidden="true" />{t("incomplete")}</Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{t("why")}</p>
        <TaxProfileForm profile={data.profile} isBusiness={data.is_business} prefill={data.prefill} />
      </section>

      <section aria-labelledby="tax-statement-heading" className="space-y-4 border-t pt-6" data-testid="tax-statement">
        <h3 id="tax-statement-heading" className="text-lg font-semibold">{t("statementTitle", { year: statement.year })}</h3>
        {data.years.length > 1 ? (
          <nav aria-label={t("yearPicker")} className="flex flex-wrap gap-2">
            {data.years.map((year) => (
              <Link
                key={year}
                href={`/dashboard?tab=tax&year=${year}`}
                aria-current={year === statement.year ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center rounded-full border px-4 text-sm",
                  year === statement.year ? "border-primary bg-primary text-primary-foreground" : "hover:bg-muted",
                )}
                data-testid={`tax-year-${year}`}
              >
                {year}
              </Link>
            ))}
          </nav>
        ) : null}
        {data.years.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="tax-no-sales">{t("noSales")}</p>
        ) : (
          <>
            <p className="text-sm" data-testid="tax-reportable">
              {statement.reportable ? t("reportable", { year: statement.year, due: `${statement.year + 1}` }) : t("notReportable")}
            </p>
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="tax-quarters">
                <caption className="sr-only">{t("statementTitle", { year: statement.year })}</caption>
                <thead>
                  <tr className="border-b text-left">
                    <th scope="col" className="py-2 pr-3 font-medium">{t("quarter")}</th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">{t("sales")}</th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">{t("paid")}</th>
                    <th scope="col" className="py-2 text-right font-medium">{t("fees")}</th>
                  </tr>
                </thead>
                <tbody>
                  {statement.quarters.map((q) => (
                    <tr key={q.quarter} className="border-b" data-testid={`tax-q${q.quarter}`}>
                      <th scope="row" className="py-2 pr-3 text-left font-normal">{t("quarterName", { quarter: q.quarter })}</th>
                      <td className="py-2 pr-3 text-right tabular-nums">{q.sales}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{money(q.paid)}</td>
                      <td className="py-2 text-right tabular-nums">{money(q.fees)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="font-semibold" data-testid="tax-total">
                    <th scope="row" className="py-2 pr-3 text-left">{t("total")}</th>
                    <td className="py-2 pr-3 text-right tabular-nums">{statement.totals.sales}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{money(statement.totals.paid)}</td>
                    <td className="py-2 text-right tabular-nums">{money(statement.totals.fees)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
            <p className="text-xs text-muted-foreground">{t("statementNote")}</p>
          </>
        )}
      </section>
    </div>
  );
}

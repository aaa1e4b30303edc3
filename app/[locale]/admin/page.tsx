import type { Metadata } from "next";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { StatsChart } from "@/components/admin/stats-chart";
import { adminStats } from "@/lib/domains/admin";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { resolveLocale } from "@/lib/platform/i18n/config";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.dashboard");
  return { title: t("title") };
}

/** /admin: the statistics of GET /api/admin/stats and the 30-day chart (admins only: the layout). */
export default async function AdminDashboardPage() {
  const [t, locale, formatter, stats] = await Promise.all([getTranslations("admin.dashboard"), getLocale(), getFormatter(), adminStats()]);
  const lang = resolveLocale(locale);
  const euro = (v: number) => formatter.number(v, "euro");
  const cards = [
    { key: "totalUsers", value: stats.total_users, today: stats.today.users },
    { key: "totalProducts", value: stats.total_products, today: stats.today.products },
    { key: "totalRevenue", value: euro(stats.total_revenue) },
    { key: "totalTransactions", value: stats.total_transactions, today: stats.today.transactions },
    { key: "pendingOrders", value: stats.pending_orders },
    { key: "openTickets", value: stats.open_tickets, of: stats.total_tickets },
  ] as const;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="admin-stats">
        {cards.map((card) => (
          <div key={card.key} className="rounded-2xl border bg-card p-4">
            <dt className="text-sm text-muted-foreground">{t(card.key)}</dt>
            <dd className="mt-1 text-2xl font-semibold" data-testid={`stat-${card.key}`}>{card.value}</dd>
            {"today" in card ? <dd className="text-xs text-muted-foreground">{t("today", { count: card.today })}</dd> : null}
            {"of" in card ? <dd className="text-xs text-muted-foreground">{t("ofTotal", { count: card.of })}</dd> : null}
          </div>
        ))}
      </dl>
      <StatsChart
        daily={stats.daily}
        formatFee={euro}
        formatDay={(date) => appFormatter(lang).dateTime(new Date(`${date}T12:00:00Z`), { day: "numeric", month: "short" })}
        labels={{ title: t("chartTitle"), orders: t("chartOrders"), users: t("chartUsers"), fees: t("chartFees"), date: t("chartDate"), tableCaption: t("chartTable") }}
      />
    </div>
  );
}

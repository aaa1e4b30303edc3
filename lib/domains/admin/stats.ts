/**
 * GET /api/admin/stats plus the 30-day series the
 * dashboard chart draws. Revenue is the platform's fee (commission) of paid orders
 * that were not refunded, in euros; "today" starts at midnight in Amsterdam.
 */
import { centsToEuro } from "@/lib/platform/money/cents";
import { db } from "@/lib/platform/db/client";
import type { AdminStats, DailyPoint } from "./responses";

export const CHART_DAYS = 30;

/** Paid and not refunded: the fee is the platform's to keep (held or completed). */
const EARNING = ["held", "completed"] as const;

export async function adminStats(): Promise<AdminStats> {
  const [midnight] = await db.$queryRaw<{ start: Date }[]>`
    SELECT (date_trunc('day', now() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam') AS start`;
  const today = midnight?.start ?? new Date(new Date().setUTCHours(0, 0, 0, 0));
  const [users, products, revenue, orders, pending, openTickets, tickets, usersToday, productsToday, ordersToday, daily] =
    await Promise.all([
      db.user.count({ where: { deletedAt: null } }),
      db.product.count({ where: { deletedAt: null } }),
      db.order.aggregate({ _sum: { commissionCents: true }, where: { status: { in: [...EARNING] }, paidAt: { not: null } } }),
      db.order.count({ where: { paidAt: { not: null } } }),
      // Waiting for payment or in escrow: orders that still need something to happen.
      db.order.count({ where: { status: { in: ["pending", "held"] } } }),
      db.supportTicket.count({ where: { status: { in: ["open", "in_progress"] } } }),
      db.supportTicket.count(),
      db.user.count({ where: { createdAt: { gte: today }, deletedAt: null } }),
      db.product.count({ where: { createdAt: { gte: today }, deletedAt: null } }),
      db.order.count({ where: { paidAt: { gte: today } } }),
      dailySeries(),
    ]);
  return {
    total_users: users,
    total_products: products,
    total_revenue: centsToEuro(revenue._sum.commissionCents ?? 0),
    total_transactions: orders,
    pending_orders: pending,
    open_tickets: openTickets,
    total_tickets: tickets,
    today: { users: usersToday, products: productsToday, transactions: ordersToday },
    daily,
  };
}

type DayRow = { day: string; orders: number; fees_cents: number; users: number };

/** One row per Amsterdam calendar day for the last 30 days, zeros included. */
async function dailySeries(): Promise<DailyPoint[]> {
  const rows = await db.$queryRaw<DayRow[]>`
    WITH days AS (
      SELECT generate_series(
        (now() AT TIME ZONE 'Europe/Amsterdam')::date - ${CHART_DAYS - 1}::int,
        (now() AT TIME ZONE 'Europe/Amsterdam')::date,
        interval '1 day')::date AS day
    ),
    o AS (
      SELECT (paid_at AT TIME ZONE 'Europe/Amsterdam')::date AS day, count(*)::int AS orders,
             coalesce(sum(commission_cents) FILTER (WHERE status IN ('held', 'completed')), 0)::int AS fees_cents
      FROM orders
      WHERE paid_at >= now() - make_interval(days => ${CHART_DAYS + 1})
      GROUP BY 1
    ),
    u AS (
      SELECT (created_at AT TIME ZONE 'Europe/Amsterdam')::date AS day, count(*)::int AS users
      FROM users WHERE created_at >= now() - make_interval(days => ${CHART_DAYS + 1}) AND deleted_at IS NULL
      GROUP BY 1
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day, coalesce(o.orders, 0) AS orders,
           coalesce(o.fees_cents, 0) AS fees_cents, coalesce(u.users, 0) AS users
    FROM days LEFT JOIN o ON o.day = days.day LEFT JOIN u ON u.day = days.day
    ORDER BY days.day`;
  return rows.map((r) => ({ date: r.day, orders: Number(r.orders), fees: centsToEuro(Number(r.fees_cents)), users: Number(r.users) }));
}

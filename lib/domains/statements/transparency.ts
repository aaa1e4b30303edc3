/**
 * The transparency report (DSA art. 24, and art. 15): per half year, from the database,
 * the notices received by category and by who sent them, the decisions by type, the
 * median time to decide a notice, the complaints (one per statement) and their outcomes, the bans, and the
 * average monthly active users (distinct users who signed in, per Amsterdam month).
 */
import { db } from "@/lib/platform/db/client";
import type { TransparencyReport } from "./responses";

export type Half = { year: number; half: 1 | 2 };

/** The half's bounds: Amsterdam midnight of 1 January / 1 July (UTC+1 in winter, +2 in summer). */
export function halfBounds({ year, half }: Half): { from: Date; to: Date } {
  return half === 1
    ? { from: new Date(Date.UTC(year - 1, 11, 31, 23)), to: new Date(Date.UTC(year, 5, 30, 22)) }
    : { from: new Date(Date.UTC(year, 5, 30, 22)), to: new Date(Date.UTC(year, 11, 31, 23)) };
}

const countMap = (rows: { key: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));

export async function transparencyReport(period: Half, now: Date = new Date()): Promise<TransparencyReport> {
  const { from, to } = halfBounds(period);
  const [byCategory, bySender, onNotices, restrictions, automated, median, complaints, mau] = await Promise.all([
    db.$queryRaw<{ key: string; n: number }[]>`
      SELECT reason::text AS key, COUNT(*)::int AS n FROM reports WHERE created_at >= ${from} AND created_at < ${to} GROUP BY reason`,
    db.$queryRaw<{ key: string; n: number }[]>`
      SELECT CASE WHEN reporter_id IS NULL THEN 'visitor' ELSE 'user' END AS key, COUNT(*)::int AS n
      FROM reports WHERE created_at >= ${from} AND created_at < ${to} GROUP BY 1`,
    db.$queryRaw<{ key: string; n: number }[]>`
      SELECT status::text AS key, COUNT(*)::int AS n FROM reports
      WHERE status <> 'open' AND decided_at >= ${from} AND decided_at < ${to} GROUP BY status`,
    db.$queryRaw<{ key: string; n: number }[]>`
      SELECT kind::text AS key, COUNT(*)::int AS n FROM moderation_statements WHERE created_at >= ${from} AND created_at < ${to} GROUP BY kind`,
    db.moderationStatement.count({ where: { automated: true, createdAt: { gte: from, lt: to } } }),
    db.$queryRaw<{ hours: number | null }[]>`
      SELECT (percentile_cont(0.5) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM decided_at - created_at)) / 3600)::float8 AS hours
      FROM reports WHERE status <> 'open' AND decided_at >= ${from} AND decided_at < ${to}`,
    // A statement's complaint counts once: in the half of its first appeal, with the outcome
    // of its latest (the service takes one appeal per statement; the table allows more).
    db.$queryRaw<{ key: string; n: number }[]>`
      SELECT latest.status::text AS key, COUNT(*)::int AS n
      FROM (SELECT DISTINCT ON (statement_id) statement_id, status FROM appeals ORDER BY statement_id, created_at DESC) latest
      JOIN (SELECT statement_id, MIN(created_at) AS first_at FROM appeals GROUP BY statement_id) first USING (statement_id)
      WHERE first.first_at >= ${from} AND first.first_at < ${to}
      GROUP BY latest.status`,
    db.$queryRaw<{ month: string; n: number }[]>`
      SELECT to_char(created_at AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM') AS month, COUNT(DISTINCT user_id)::int AS n
      FROM auth_sessions WHERE created_at >= ${from} AND created_at < ${to} GROUP BY 1`,
  ]);
  const categories = countMap(byCategory);
  const senders = countMap(bySender);
  const appeals = countMap(complaints);
  const kinds = countMap(restrictions);
  // Months of the half so far (at least one), for the average.
  const end = now < to ? now : to;
  const months = Math.max(1, Math.min(6, Math.ceil((end.getTime() - from.getTime()) / (30.44 * 24 * 3600 * 1000))));
  const mauTotal = mau.reduce((sum, r) => sum + Number(r.n), 0);
  const hours = median[0]?.hours;
  return {
    period: { ...period, from: from.toISOString(), to: to.toISOString() },
    notices: {
      total: Object.values(categories).reduce((a, b) => a + b, 0),
      by_category: categories,
      by_sender: { user: senders.user ?? 0, visitor: senders.visitor ?? 0 },
    },
    decisions: {
      on_notices: countMap(onNotices),
      restrictions: kinds,
      automated,
      median_hours_to_decision: hours === null || hours === undefined ? null : Math.round(Number(hours) * 10) / 10,
    },
    complaints: {
      received: Object.values(appeals).reduce((a, b) => a + b, 0),
      upheld: appeals.upheld ?? 0,
      reversed: appeals.reversed ?? 0,
      open: appeals.open ?? 0,
    },
    bans: kinds.ban ?? 0,
    average_monthly_active_users: Math.round(mauTotal / months),
  };
}

/** The same figures as CSV rows (metric, value) for the admin download. */
export function transparencyCsv(report: TransparencyReport): string {
  const rows: [string, string | number][] = [
    ["period", `${report.period.year}-H${report.period.half}`],
    ["notices_total", report.notices.total],
    ...Object.entries(report.notices.by_category).map(([k, v]) => [`notices_category_${k}`, v] as [string, number]),
    ["notices_from_users", report.notices.by_sender.user],
    ["notices_from_visitors", report.notices.by_sender.visitor],
    ...Object.entries(report.decisions.on_notices).map(([k, v]) => [`decisions_on_notices_${k}`, v] as [string, number]),
    ...Object.entries(report.decisions.restrictions).map(([k, v]) => [`restrictions_${k}`, v] as [string, number]),
    ["decisions_automated", report.decisions.automated],
    ["median_hours_to_decision", report.decisions.median_hours_to_decision ?? ""],
    ["complaints_received", report.complaints.received],
    ["complaints_upheld", report.complaints.upheld],
    ["complaints_reversed", report.complaints.reversed],
    ["complaints_open", report.complaints.open],
    ["bans", report.bans],
    ["average_monthly_active_users", report.average_monthly_active_users],
  ];
  return ["metric,value", ...rows.map(([k, v]) => `${k},${v}`)].join("\n") + "\n";
}

/** The half years to show: this one and the three before. */
export function recentHalves(now: Date = new Date(), count = 4): Half[] {
  const year = Number(new Intl.DateTimeFormat("en", { timeZone: "Europe/Amsterdam", year: "numeric" }).format(now));
  const month = Number(new Intl.DateTimeFormat("en", { timeZone: "Europe/Amsterdam", month: "numeric" }).format(now));
  let current: Half = { year, half: month <= 6 ? 1 : 2 };
  const out: Half[] = [];
  for (let i = 0; i < count; i += 1) {
    out.push(current);
    current = current.half === 2 ? { year: current.year, half: 1 } : { year: current.year - 1, half: 2 };
  }
  return out;
}

/**
 * The dashboard's 30-day chart, drawn as SVG on the server (no chart library): orders
 * and new users as bars, fees as a line on their own scale. A table with the same
 * numbers follows for screen readers. The axis labels are HTML under and above the
 * drawing, so they keep their size on a phone (an SVG's text shrinks with it): short
 * dates ("3 nov"), every week from `sm` up, only the first, middle and last day below
 * it, so they never overlap at 390 px.
 */
import type { DailyPoint } from "@/lib/domains/admin/client";
import { cn } from "@/lib/platform/utils";

type Labels = { title: string; orders: string; users: string; fees: string; date: string; tableCaption: string };

const W = 720;
const H = 220;
const PAD = { top: 8, right: 4, bottom: 4, left: 4 };

type Tick = { index: number; phone: boolean };

/** Weekly ticks and the last day (none too close to it); the phone keeps first, middle, last. */
export function chartTicks(days: number): Tick[] {
  if (days === 0) return [];
  const last = days - 1;
  const middle = Math.floor(last / 2);
  const indexes = new Set<number>([0, middle, last]);
  for (let i = 7; i < last - 3; i += 7) indexes.add(i);
  return [...indexes].sort((a, b) => a - b).map((index) => ({ index, phone: index === 0 || index === middle || index === last }));
}

export function StatsChart({
  daily,
  labels,
  formatFee,
  formatDay,
}: {
  daily: DailyPoint[];
  labels: Labels;
  formatFee: (euros: number) => string;
  /** A short day label, e.g. "3 nov" (from the API's YYYY-MM-DD). */
  formatDay: (date: string) => string;
}) {
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const maxCount = Math.max(1, ...daily.map((d) => Math.max(d.orders, d.users)));
  const maxFee = Math.max(1, ...daily.map((d) => d.fees));
  const step = innerW / Math.max(1, daily.length);
  const barW = Math.max(2, step / 2 - 1);
  const y = (v: number) => PAD.top + innerH - (v / maxCount) * innerH;
  const yFee = (v: number) => PAD.top + innerH - (v / maxFee) * innerH;
  const line = daily.map((d, i) => `${i === 0 ? "M" : "L"}${(PAD.left + i * step + step / 2).toFixed(1)},${yFee(d.fees).toFixed(1)}`).join(" ");

  return (
    <figure className="rounded-2xl border bg-card p-4" data-testid="stats-chart">
      <figcaption className="mb-2 flex flex-wrap items-center gap-4 text-sm">
        <span className="font-semibold">{labels.title}</span>
        <span className="flex items-center gap-1"><span aria-hidden="true" className="inline-block size-3 rounded-sm bg-primary" />{labels.orders}</span>
        <span className="flex items-center gap-1"><span aria-hidden="true" className="inline-block size-3 rounded-sm bg-[oklch(0.7_0.12_200)]" />{labels.users}</span>
        <span className="flex items-center gap-1"><span aria-hidden="true" className="inline-block h-0.5 w-4 bg-[oklch(0.55_0.15_45)]" />{labels.fees}</span>
      </figcaption>
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true" data-testid="chart-scale">
        <span>{labels.orders} / {labels.users}: {maxCount}</span>
        <span>{labels.fees}: {formatFee(maxFee)}</span>
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={labels.title}>
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} className="stroke-border" />
        {daily.map((d, i) => {
          const x = PAD.left + i * step;
          return (
            <g key={d.date}>
              <rect x={x + 1} y={y(d.orders)} width={barW} height={PAD.top + innerH - y(d.orders)} className="fill-primary" />
              <rect x={x + 1 + barW} y={y(d.users)} width={barW} height={PAD.top + innerH - y(d.users)} className="fill-[oklch(0.7_0.12_200)]" />
            </g>
          );
        })}
        <path d={line} fill="none" strokeWidth={2} className="stroke-[oklch(0.55_0.15_45)]" />
      </svg>
      <div className="relative mt-1 h-5 text-xs text-muted-foreground" aria-hidden="true" data-testid="chart-ticks">
        {chartTicks(daily.length).map(({ index, phone }) => {
          const left = ((PAD.left + index * step + step / 2) / W) * 100;
          const edge = index === 0 ? "translate-x-0" : index === daily.length - 1 ? "-translate-x-full" : "-translate-x-1/2";
          return (
            <span
              key={index}
              className={cn("absolute top-0 whitespace-nowrap", edge, !phone && "max-sm:hidden")}
              style={{ left: index === 0 ? "0%" : index === daily.length - 1 ? "100%" : `${left.toFixed(2)}%` }}
              data-testid="chart-tick"
            >
              {formatDay(daily[index]!.date)}
            </span>
          );
        })}
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-muted-foreground">{labels.tableCaption}</summary>
        <table className="mt-2 w-full text-left text-xs">
          <thead>
            <tr><th scope="col">{labels.date}</th><th scope="col">{labels.orders}</th><th scope="col">{labels.users}</th><th scope="col">{labels.fees}</th></tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.date}><td>{d.date}</td><td>{d.orders}</td><td>{d.users}</td><td>{formatFee(d.fees)}</td></tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/**
 * The dashboard's 30-day chart, drawn as SVG on the server (no chart library): orders
 * and new users as bars, fees as a line on their own scale. A table with the same
 * numbers follows for screen readers.
 */
import type { DailyPoint } from "@/lib/domains/admin/client";

type Labels = { title: string; orders: string; users: string; fees: string; date: string; tableCaption: string };

const W = 720;
const H = 220;
const PAD = { top: 16, right: 40, bottom: 28, left: 32 };

export function StatsChart({ daily, labels, formatFee }: { daily: DailyPoint[]; labels: Labels; formatFee: (euros: number) => string }) {
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
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={labels.title}>
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} className="stroke-border" />
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className="fill-muted-foreground text-[10px]">{maxCount}</text>
        <text x={W - PAD.right + 4} y={PAD.top + 4} className="fill-muted-foreground text-[10px]">{formatFee(maxFee)}</text>
        {daily.map((d, i) => {
          const x = PAD.left + i * step;
          return (
            <g key={d.date}>
              <rect x={x + 1} y={y(d.orders)} width={barW} height={PAD.top + innerH - y(d.orders)} className="fill-primary" />
              <rect x={x + 1 + barW} y={y(d.users)} width={barW} height={PAD.top + innerH - y(d.users)} className="fill-[oklch(0.7_0.12_200)]" />
              {i % 7 === 0 || i === daily.length - 1 ? (
                <text x={x + step / 2} y={H - 8} textAnchor="middle" className="fill-muted-foreground text-[10px]">{d.date.slice(5)}</text>
              ) : null}
            </g>
          );
        })}
        <path d={line} fill="none" strokeWidth={2} className="stroke-[oklch(0.55_0.15_45)]" />
      </svg>
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

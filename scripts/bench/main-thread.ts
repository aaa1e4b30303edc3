/**
 * How much of the page's main-thread time in a Lighthouse trace was CPU, and how much the
 * thread spent waiting for a core (docs/performance.md, "Lighthouse on a shared host").
 *
 * Lighthouse's simulated throttling multiplies each task's *wall* duration by the CPU
 * slowdown. On a two-core host the renderer's main thread shares the cores with the
 * browser process, the compositor (software, without a GPU), a service worker, Lighthouse
 * itself and the server under test; a task that waited for a core is counted as blocking
 * time all the same. The trace records both: `dur` (wall) and `tdur` (the thread's CPU).
 */
export type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string; data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean } } };

export type MainThreadShare = {
  /** Summed wall time of the page's main-thread tasks, ms. */
  wallMs: number;
  /** Of it, the thread's own CPU time, ms. */
  cpuMs: number;
  /** CPU of every other thread of the browser in the same window, ms, by thread name. */
  others: Record<string, number>;
};

/** The page's own navigation (not the about:blank before it): its thread is the page's main thread. */
const navigation = (events: TraceEvent[]) =>
  events.find((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith("http"));

/** Tasks from the page's navigation to `windowMs` after it. */
export function mainThreadShare(events: TraceEvent[], windowMs = 10_000): MainThreadShare | null {
  const nav = navigation(events);
  if (!nav) return null;
  const names = new Map<string, string>();
  for (const e of events) if (e.name === "thread_name" && e.args?.name) names.set(`${e.pid}:${e.tid}`, e.args.name);
  const end = nav.ts + windowMs * 1000;
  const share: MainThreadShare = { wallMs: 0, cpuMs: 0, others: {} };
  for (const e of events) {
    if (e.ph !== "X" || e.name !== "RunTask" || e.ts < nav.ts || e.ts > end) continue;
    if (e.pid === nav.pid && e.tid === nav.tid) {
      share.wallMs += (e.dur ?? 0) / 1000;
      share.cpuMs += (e.tdur ?? 0) / 1000;
    } else {
      const name = names.get(`${e.pid}:${e.tid}`) ?? `${e.pid}:${e.tid}`;
      share.others[name] = (share.others[name] ?? 0) + (e.tdur ?? 0) / 1000;
    }
  }
  return share;
}

/** "main thread 1426 ms wall, 533 ms CPU (63% waiting for a core); CPU elsewhere: VizCompositorThread 802, ..." */
export function describeShare(share: MainThreadShare): string {
  const waiting = share.wallMs > 0 ? Math.round((1 - share.cpuMs / share.wallMs) * 100) : 0;
  const others = Object.entries(share.others)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(", ");
  return `main thread ${share.wallMs.toFixed(0)} ms wall, ${share.cpuMs.toFixed(0)} ms CPU (${waiting}% waiting for a core); CPU elsewhere: ${others}`;
}

/**
 * The same trace with the page's main thread running only its own work: each of that
 * thread's tasks, and every event inside it, shrunk to the task's CPU time (`tdur`), so the
 * time the thread waited for one of the host's cores is gone. A phone's big core is not
 * shared with this host's compositor, Lighthouse's own tracing and the server under test;
 * simulated throttling would otherwise multiply those waits by the CPU slowdown as if they
 * were the page's work (docs/performance.md, "Lighthouse on a shared host").
 * Events keep their order and stay inside their task, so Lighthouse builds the same
 * dependency graph from them. A task without `tdur` is kept as it is. Returns null when the
 * trace holds no navigation.
 */
export function ownWorkTrace(events: TraceEvent[]): TraceEvent[] | null {
  const nav = navigation(events);
  if (!nav) return null;
  const onMain = (e: TraceEvent) => e.pid === nav.pid && e.tid === nav.tid;
  const copy = events.map((e) => ({ ...e }));
  const main = copy.filter(onMain).sort((a, b) => a.ts - b.ts);
  let i = 0;
  while (i < main.length) {
    const task = main[i]!;
    i += 1;
    if (task.ph !== "X" || task.name !== "RunTask" || !task.dur || task.tdur === undefined) continue;
    const start = task.ts;
    const end = task.ts + task.dur;
    const ratio = Math.min(1, task.tdur / task.dur);
    task.dur *= ratio;
    // Everything the task holds (nested tasks too) moves with it.
    while (i < main.length && main[i]!.ts < end) {
      const inner = main[i]!;
      inner.ts = start + (inner.ts - start) * ratio;
      if (inner.dur !== undefined) inner.dur *= ratio;
      i += 1;
    }
  }
  return copy;
}

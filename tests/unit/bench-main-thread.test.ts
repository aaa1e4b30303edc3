import { describe, expect, it } from "vitest";
import { describeShare, mainThreadShare, type TraceEvent } from "@/scripts/bench/main-thread";

const NAV_TS = 1_000_000;
const task = (pid: number, tid: number, atMs: number, durMs: number, cpuMs: number): TraceEvent => ({
  name: "RunTask", ph: "X", pid, tid, ts: NAV_TS + atMs * 1000, dur: durMs * 1000, tdur: cpuMs * 1000,
});
const trace: TraceEvent[] = [
  { name: "thread_name", ph: "M", pid: 2, tid: 7, ts: 0, args: { name: "VizCompositorThread" } },
  { name: "thread_name", ph: "M", pid: 1, tid: 1, ts: 0, args: { name: "CrRendererMain" } },
  // about:blank before the page, then the page itself.
  { name: "navigationStart", ph: "R", pid: 1, tid: 1, ts: NAV_TS - 5000, args: { data: { documentLoaderURL: "", isLoadingMainFrame: true } } },
  { name: "navigationStart", ph: "R", pid: 1, tid: 1, ts: NAV_TS, args: { data: { documentLoaderURL: "http://localhost:3000/browse", isLoadingMainFrame: true } } },
  task(1, 1, -2, 40, 40), // before the navigation: not counted
  task(1, 1, 100, 120, 20), // waited 100 ms for a core
  task(1, 1, 400, 60, 60),
  task(2, 7, 150, 90, 80),
  task(1, 1, 20_000, 500, 500), // past the window: not counted
  { name: "FunctionCall", ph: "X", pid: 1, tid: 1, ts: NAV_TS + 110_000, dur: 50_000, tdur: 10_000 }, // inside a task, not a task
];

describe("bench:pages main-thread share (scripts/bench/main-thread.ts)", () => {
  it("sums the page's main-thread tasks as wall and CPU time, and other threads' CPU", () => {
    const share = mainThreadShare(trace);
    expect(share).toEqual({ wallMs: 180, cpuMs: 80, others: { VizCompositorThread: 80 } });
    expect(describeShare(share!)).toBe(
      "main thread 180 ms wall, 80 ms CPU (56% waiting for a core); CPU elsewhere: VizCompositorThread 80",
    );
  });

  it("says nothing when the trace holds no navigation", () => {
    expect(mainThreadShare(trace.filter((e) => e.name !== "navigationStart"))).toBeNull();
  });
});

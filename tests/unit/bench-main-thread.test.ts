import { describe, expect, it } from "vitest";
import { describeShare, mainThreadShare, ownWorkTrace, type TraceEvent } from "@/scripts/bench/main-thread";

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

describe("bench:pages, the page's own work (ownWorkTrace)", () => {
  const at = (ms: number) => NAV_TS + ms * 1000;
  const ms = (e: TraceEvent | undefined) => ({ at: ((e?.ts ?? 0) - NAV_TS) / 1000, dur: e?.dur === undefined ? undefined : e.dur / 1000 });
  const events: TraceEvent[] = [
    ...trace,
    { name: "ResourceSendRequest", ph: "I", pid: 1, tid: 1, ts: at(160) }, // sent from inside the waiting task
    { name: "ParseHTML", ph: "X", pid: 1, tid: 1, ts: at(400), dur: 60_000, tdur: 60_000 }, // inside the busy task
    { name: "RunTask", ph: "X", pid: 1, tid: 1, ts: at(700), dur: 30_000 }, // no CPU time recorded
  ];

  it("shrinks each of the page's main-thread tasks to its CPU time, with everything it holds", () => {
    const own = ownWorkTrace(events)!;
    const find = (name: string, atMs: number) => own.find((e) => e.name === name && e.pid === 1 && e.tid === 1 && Math.abs(e.ts - at(atMs)) < 1);
    // Waited 100 of its 120 ms: 20 ms of work, its call and its request inside it.
    expect(ms(find("RunTask", 100))).toEqual({ at: 100, dur: 20 });
    const call = own.find((e) => e.name === "FunctionCall")!;
    expect(ms(call).at).toBeCloseTo(100 + 10 / 6, 5);
    expect(ms(call).dur).toBeCloseTo(50 / 6, 5);
    expect(ms(own.find((e) => e.name === "ResourceSendRequest")).at).toBeCloseTo(110, 5);
    // A task that was all work keeps its length: heavy work stays heavy.
    expect(ms(find("RunTask", 400))).toEqual({ at: 400, dur: 60 });
    expect(ms(own.find((e) => e.name === "ParseHTML"))).toEqual({ at: 400, dur: 60 });
    // Without a CPU time, other threads, and the events outside tasks: as recorded.
    expect(ms(find("RunTask", 700))).toEqual({ at: 700, dur: 30 });
    expect(own.find((e) => e.pid === 2 && e.name === "RunTask")).toEqual(events.find((e) => e.pid === 2 && e.name === "RunTask"));
    expect(own.filter((e) => e.name === "navigationStart")).toEqual(events.filter((e) => e.name === "navigationStart"));
    expect(own).toHaveLength(events.length);
  });

  it("leaves the recorded trace as it was", () => {
    const before = JSON.stringify(events);
    ownWorkTrace(events);
    expect(JSON.stringify(events)).toBe(before);
  });

  it("says nothing when the trace holds no navigation", () => {
    expect(ownWorkTrace(events.filter((e) => e.name !== "navigationStart"))).toBeNull();
  });
});

// Issue 28 item 3: an instance works on at most CONCURRENT_READS reads at once and lets the
// others wait their turn in arrival order (lib/platform/http/admission.ts, scripts/server.ts),
// so under load every read waits about as long as the next instead of the ones with most
// steps waiting longest. Writes, the event stream and the health check never wait; a read
// that is stuck, or whose visitor left, gives its place up.
import type { AddressInfo } from "node:net";
import { request, type IncomingMessage, type ServerResponse, type Server } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAdmission, type Admission } from "@/lib/platform/http/admission";
import { createAppServer } from "@/scripts/server";

const HOLD_MS = 400;
const LONG_HOLD_MS = 60_000;
let server: Server;
let base: string;
/** The requests the app is working on, by path, and the order in which it got them. */
let open: Map<string, ServerResponse>;
let started: string[];
let mostAtOnce: number;
let admission: Admission;

/**
 * Starts the server with an admission that holds a read's place for `holdMs`. Every test
 * but the hold's own gets a hold far longer than the test: on a loaded machine a few
 * requests can take longer than HOLD_MS to send, and a place given up early would change
 * the order the test checks.
 */
async function start(holdMs: number, maxWaitMs?: number) {
  open = new Map();
  started = [];
  mostAtOnce = 0;
  admission = createAdmission({ limit: 2, holdMs, maxWaitMs });
  // Plays Next: answers /now at once, holds every other request until the test answers it.
  server = createAppServer(
    (req: IncomingMessage, res: ServerResponse) => {
      const path = req.url ?? "/";
      started.push(`${req.method} ${path}`);
      if (path === "/now") {
        res.end("now");
        return;
      }
      open.set(path, res);
      const unanswered = [...open.values()].filter((res) => !res.writableEnded).length;
      mostAtOnce = Math.max(mostAtOnce, unanswered);
      res.once("close", () => open.delete(path));
    },
    0,
    { admission },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stop() {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

beforeEach(() => start(LONG_HOLD_MS));

afterEach(stop);

type Sent = { answer: Promise<{ status: number; body: string }>; abort: () => void };

/** Sends a request on its own connection; its answer's status and body. */
function send(method: string, path: string): Sent {
  const req = request(`${base}${path}`, { method, agent: false });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
  });
  answer.catch(() => undefined);
  req.end(method === "POST" ? "{}" : undefined);
  return { answer, abort: () => req.destroy() };
}

/** Sends a read once the ones before it have reached the server: the arrival order is the sending order. */
async function sendRead(path: string): Promise<Sent> {
  const before = admission.active + admission.waiting;
  const sent = send("GET", path);
  await until(() => admission.active + admission.waiting > before, `${path} to arrive`);
  return sent;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await wait(5);
  }
}

function answer(path: string, body = path) {
  const res = open.get(path);
  if (!res) throw new Error(`${path} is not being worked on`);
  res.end(body);
}

describe("reads wait their turn (CONCURRENT_READS)", () => {
  it("works on two reads at once and gives the next place to the read that came first", async () => {
    const reads: Sent[] = [];
    for (const path of ["/a", "/b", "/c", "/d", "/e"]) reads.push(await sendRead(path));
    expect(admission.waiting).toBe(3);
    await wait(50);
    expect(started).toEqual(["GET /a", "GET /b"]);

    answer("/b");
    expect(await reads[1]!.answer).toEqual({ status: 200, body: "/b" });
    await until(() => started.length === 3, "the third read");
    answer("/a");
    await until(() => started.length === 4, "the fourth read");
    expect(started).toEqual(["GET /a", "GET /b", "GET /c", "GET /d"]);
    answer("/c");
    answer("/d");
    await until(() => started.length === 5, "the fifth read");
    answer("/e");
    const bodies = await Promise.all(reads.map(async (sent) => (await sent.answer).body));
    expect(bodies).toEqual(["/a", "/b", "/c", "/d", "/e"]);
    expect(mostAtOnce).toBe(2);
  });

  it("lets writes, the event stream and the health check past waiting reads", async () => {
    await sendRead("/a");
    await sendRead("/b");
    const third = await sendRead("/now");
    // A form or an upload does not queue behind reads, nor does the live event stream.
    const post = send("POST", "/now");
    expect(await post.answer).toEqual({ status: 200, body: "now" });
    send("GET", "/api/events");
    await until(() => open.has("/api/events"), "the event stream");
    // A load balancer asking whether the instance is alive gets its answer at once.
    send("GET", "/api/health");
    await until(() => open.has("/api/health"), "the health check");
    expect(started).toEqual(["GET /a", "GET /b", "POST /now", "GET /api/events", "GET /api/health"]);
    answer("/a");
    expect(await third.answer).toEqual({ status: 200, body: "now" });
  });

  it(`stops counting a read after ${HOLD_MS} ms, so a stuck one does not hold its place`, async () => {
    await stop();
    await start(HOLD_MS);
    const then = Date.now();
    await sendRead("/stuck-1");
    await sendRead("/stuck-2");
    // Sent as is: it may be let in before the test sees it wait, if sending took that long.
    const waiting = send("GET", "/now");
    expect(await waiting.answer).toEqual({ status: 200, body: "now" });
    // Not before the first stuck read had held its place that long.
    expect(Date.now() - then).toBeGreaterThanOrEqual(HOLD_MS - 5);
    // The stuck reads are still being worked on; they only no longer count.
    expect([...open.keys()].sort()).toEqual(["/stuck-1", "/stuck-2"]);
  });

  it("gives the place of a read whose visitor left, waiting or admitted, to the next one", async () => {
    const first = await sendRead("/a");
    await sendRead("/b");
    const gone = await sendRead("/gone");
    const next = await sendRead("/now");
    gone.abort();
    await wait(50);
    expect(admission.waiting).toBe(2);
    // The visitor of /a leaves too: its place goes to the next read that still waits.
    first.abort();
    expect(await next.answer).toEqual({ status: 200, body: "now" });
    // The read that was given up while it waited never reached the app.
    expect(started).toEqual(["GET /a", "GET /b", "GET /now"]);
  });
});

describe("reads that wait too long", () => {
  const MAX_WAIT_MS = 300;

  it(`are answered 503 "busy" after ${MAX_WAIT_MS} ms, never reach the app, and leave the line in order`, async () => {
    await stop();
    await start(LONG_HOLD_MS, MAX_WAIT_MS);
    await sendRead("/a");
    await sendRead("/b");
    const then = Date.now();
    // The app is busy with /a and /b: an API read and a page wait, then are turned away.
    const [api, page] = await Promise.all([fetch(`${base}/api/products?q=fiets`), fetch(`${base}/browse`)]);
    expect(Date.now() - then).toBeGreaterThanOrEqual(MAX_WAIT_MS - 5);
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe("2");
    expect(api.headers.get("content-type")).toBe("application/json");
    expect(await api.json()).toEqual({ detail: "Busy right now, please try again in a moment", code: "busy" });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("2");
    // Kept by no cache.
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Het is even erg druk");
    expect(html).toContain('<meta http-equiv="refresh" content="5">');
    expect(admission.waiting).toBe(0);

    // The reads turned away never reached the app; the next read in line gets the next place.
    const next = await sendRead("/now");
    answer("/a");
    expect(await next.answer).toEqual({ status: 200, body: "now" });
    expect(started).toEqual(["GET /a", "GET /b", "GET /now"]);
  });

  it("are not turned away while they get a place in time", async () => {
    // A longer wait than above: a loaded machine must not turn this read away by itself.
    const maxWaitMs = 1500;
    await stop();
    await start(LONG_HOLD_MS, maxWaitMs);
    await sendRead("/a");
    await sendRead("/b");
    const waiting = await sendRead("/now");
    await wait(50);
    answer("/a");
    expect(await waiting.answer).toEqual({ status: 200, body: "now" });
    // Its timer is gone with it: nothing is answered twice once the wait would have ended.
    await wait(maxWaitMs);
    expect(admission.waiting).toBe(0);
    expect(started).toEqual(["GET /a", "GET /b", "GET /now"]);
  });
});

describe("without a limit", () => {
  it("CONCURRENT_READS=0 admits every read at once", async () => {
    const admission = createAdmission({ limit: 0, holdMs: HOLD_MS });
    let running = 0;
    for (let i = 0; i < 50; i += 1) admission.admit(() => (running += 1));
    expect(running).toBe(50);
    expect(admission.waiting).toBe(0);
  });
});

describe("a long queue of reads given up", () => {
  it("passes them all over in one go, without running out of stack", () => {
    const admission = createAdmission({ limit: 1, holdMs: HOLD_MS });
    let first: (() => void) | undefined;
    admission.admit((release) => (first = release));
    let reached = 0;
    // 100,000 visitors who left while they waited: each gives its place up at once.
    for (let i = 0; i < 100_000; i += 1) admission.admit((release) => release());
    admission.admit(() => (reached += 1));
    first!();
    expect(reached).toBe(1);
    expect(admission.waiting).toBe(0);
  });
});

// An instance works on at most CONCURRENT_READS reads at once and lets the
// others wait their turn in arrival order (lib/platform/http/admission.ts, scripts/server.ts),
// so under load every read waits about as long as the next instead of the ones with most
// steps waiting longest. Writes, the event stream and the health check never wait; a read
// that is stuck, or whose visitor left, gives its place up.
import type { AddressInfo } from "node:net";
import { request, type IncomingMessage, type ServerResponse, type Server } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { encode } from "next-auth/jwt";
import { createAdmission, type Admission } from "@/lib/platform/http/admission";
import { clientKeys } from "@/lib/platform/http/client-key";
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
async function start(holdMs: number, maxWaitMs?: number, queuePerClient?: number) {
  open = new Map();
  started = [];
  mostAtOnce = 0;
  admission = createAdmission({ limit: 2, holdMs, maxWaitMs, queuePerClient });
  // Plays Next: answers /now at once, holds every other request until the test answers it.
  server = createAppServer(
    (req: IncomingMessage, res: ServerResponse) => {
      const path = req.url ?? "/";
      started.push(`${req.method} ${path}`);
      if (path === "/now") {
        res.end("now");
        return;
      }
      // A read that takes the app 40 ms.
      if (path.startsWith("/slow")) {
        setTimeout(() => res.end(path), 40);
        return;
      }
      open.set(path, res);
      const unanswered = [...open.values()].filter((res) => !res.writableEnded).length;
      mostAtOnce = Math.max(mostAtOnce, unanswered);
      res.once("close", () => open.delete(path));
    },
    // One trusted proxy: a test names the client in X-Forwarded-For.
    1,
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

type Sent = { answer: Promise<Answer>; abort: () => void };

type Answer = { status: number; body: string; retryAfter?: string };

/** Sends a request on its own connection, from client address `from`; its answer's status and body. */
function send(method: string, path: string, from = "203.0.113.1"): Sent {
  const req = request(`${base}${path}`, { method, agent: false, headers: { "x-forwarded-for": from } });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, ...(res.headers["retry-after"] ? { retryAfter: String(res.headers["retry-after"]) } : {}) }));
    });
    req.on("error", reject);
  });
  answer.catch(() => undefined);
  req.end(method === "POST" ? "{}" : undefined);
  return { answer, abort: () => req.destroy() };
}

/** Sends a read once the ones before it have reached the server: the arrival order is the sending order. */
async function sendRead(path: string, from?: string): Promise<Sent> {
  const before = admission.active + admission.waiting;
  const sent = send("GET", path, from);
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

  it("lets writes, the event stream, the health check and the build's files past waiting reads", async () => {
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
    // Nor does one of the build's files, which Next reads from disk.
    send("GET", "/_next/static/chunks/app.js");
    await until(() => open.has("/_next/static/chunks/app.js"), "the build's file");
    expect(started).toEqual(["GET /a", "GET /b", "POST /now", "GET /api/events", "GET /api/health", "GET /_next/static/chunks/app.js"]);
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

describe("turns shared per client", () => {
  const FLOODER = "198.51.100.66";
  const OTHER = "192.0.2.7";

  it("a free place goes to a client with no read in progress before a flooding client's next; past its share the flooder gets 429", async () => {
    await stop();
    await start(LONG_HOLD_MS, undefined, 3);
    await sendRead("/f1", FLOODER);
    await sendRead("/f2", FLOODER);
    for (const path of ["/f3", "/f4", "/f5"]) await sendRead(path, FLOODER);
    // Its share is 3 reads waiting: the next is turned away at once, with a Retry-After.
    const over = await send("GET", "/api/products?f6", FLOODER).answer;
    expect(over.status).toBe(429);
    expect(over.retryAfter).toBe("1");
    expect(JSON.parse(over.body)).toMatchObject({ code: "rate_limited" });
    // Another client's read arrives after the flooder's three waiting ones, and gets the
    // next free place all the same.
    const other = await sendRead("/o1", OTHER);
    answer("/f1");
    await until(() => started.length === 3, "the next read");
    expect(started.at(-1)).toBe("GET /o1");
    answer("/o1");
    expect((await other.answer).status).toBe(200);
    // Then the flooder's line, in its own order.
    await until(() => started.length === 4, "the flooder's next read");
    expect(started.at(-1)).toBe("GET /f3");
    for (const path of ["/f2", "/f3"]) answer(path);
    await until(() => started.length === 6, "the flooder's last reads");
    for (const path of ["/f4", "/f5"]) answer(path);
  });

  it("another client's reads stay fast while one client floods", async () => {
    await stop();
    await start(LONG_HOLD_MS, undefined, 1000);
    // 60 reads at once from one client, each taking the app 40 ms: alone, two at a time,
    // they keep the instance busy for about 1.2 s.
    const flood = Array.from({ length: 60 }, (_, i) => send("GET", `/slow-f${i}`, FLOODER));
    let floodDone = 0;
    for (const read of flood) void read.answer.then(() => (floodDone += 1));
    await until(() => admission.waiting >= 50, "the flood to queue");
    // Measured in the flood's reads answered before each of the other client's, not in
    // milliseconds, so a slow machine cannot fail it: first come, first served would
    // answer 50 or more of the flood first; with shared turns each of the other client's
    // reads waits for one of the flood's at most, while the flood goes on only in the
    // place the other client does not use (two run at a time): about three a read.
    const answeredBefore: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      expect((await send("GET", `/slow-o${i}`, OTHER).answer).status).toBe(200);
      answeredBefore.push(floodDone);
    }
    expect(Math.max(...answeredBefore)).toBeLessThan(25);
    expect((await Promise.all(flood.map((read) => read.answer))).every((answer) => answer.status === 200)).toBe(true);
  });
});

describe("whose read it is", () => {
  const secret = "admission-test-secret-of-at-least-32-characters";
  const userId = "5a5a5a5a-0000-4000-8000-000000000009";
  const from = (headers: Record<string, string>) =>
    ({ headers: { "x-forwarded-for": "203.0.113.9", ...headers }, socket: { remoteAddress: "10.0.0.2" } }) as unknown as IncomingMessage;
  const bearer = (key: string) =>
    new SignJWT({ sid: "s" }).setProtectedHeader({ alg: "HS256" }).setSubject(userId).sign(new TextEncoder().encode(key));

  it("the signed-in user when a bearer token or session cookie verifies, else the client address", async () => {
    const keys = clientKeys(secret);
    expect(await keys.keyOf(from({ authorization: `Bearer ${await bearer(secret)}` }))).toBe(`user:${userId}`);
    const cookie = await encode({ token: { sub: userId, sid: "s" }, secret });
    expect(await keys.keyOf(from({ cookie: `kringwaar_locale=nl; next-auth.session-token=${cookie}` }))).toBe(`user:${userId}`);
    // Made up, or signed with another secret: no user, so no turns of its own.
    expect(await keys.keyOf(from({ authorization: `Bearer ${await bearer("another-secret-of-at-least-32-characters!")}` }))).toBe("address:203.0.113.9");
    expect(await keys.keyOf(from({ cookie: "next-auth.session-token=made-up" }))).toBe("address:203.0.113.9");
    expect(await keys.keyOf(from({}))).toBe("address:203.0.113.9");
  });
});

describe("without a limit", () => {
  it("CONCURRENT_READS=0 admits every read at once", async () => {
    const admission = createAdmission({ limit: 0, holdMs: HOLD_MS });
    let running = 0;
    for (let i = 0; i < 50; i += 1) admission.admit({ client: "a", start: () => (running += 1) });
    expect(running).toBe(50);
    expect(admission.waiting).toBe(0);
  });
});

describe("a long queue of reads given up", () => {
  it("passes them all over in one go, without running out of stack", () => {
    const admission = createAdmission({ limit: 1, holdMs: HOLD_MS });
    let first: (() => void) | undefined;
    admission.admit({ client: "a", start: (release) => (first = release) });
    let reached = 0;
    // 100,000 visitors who left while they waited: each gives its place up at once.
    for (let i = 0; i < 100_000; i += 1) admission.admit({ client: "a", start: (release) => release() });
    admission.admit({ client: "a", start: () => (reached += 1) });
    first!();
    expect(reached).toBe(1);
    expect(admission.waiting).toBe(0);
  });
});

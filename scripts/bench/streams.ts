/**
 * Event streams benchmark (docs/performance.md "Event streams"):
 * BENCH_STREAMS (1,000) open `GET /api/events` streams on one production instance, and
 * messages sent through a second instance on the same PostgreSQL reaching them.
 *
 *   nice -n 10 npm run bench:streams
 *
 * Builds `.next` when it is stale, creates the database `kw_load_streams` (on
 * BENCH_DATABASE_URL's server) with the migrations and the demo data, one signed-in user
 * per stream plus senders, starts instances A (BENCH_PORT, 3700) and B (BENCH_PORT + 1),
 * measures A's resident memory (VmRSS, with any child processes) idle after a warm-up and
 * with every stream open, then sends BENCH_EVENTS (200) messages through B's API
 * (POST /api/conversations/{id}/messages, BENCH_RATE (10) per second, at most 8 at once)
 * and times each from its write (the message's created_at, stamped by B in its
 * transaction) to its `message` event on the recipient's stream on A; the time from the
 * send (B's request included) is shown too.
 *
 * Goals: at most 150 MB more than idle with the streams open, delivery p95 <= 1 s, every
 * event delivered, no stream lost. Exits 1 when one is missed. BENCH_KEEP=1 keeps the
 * database and the instances' logs.
 */
import http from "node:http";
import pg from "pg";
import { poolConfigFromUrl } from "../../lib/platform/db/connection";
import {
  buildIfStale, createUsers, freshDatabase, keepAliveAgent, loadAverage, percentile, positiveInt,
  request, rssMb, sleep, startInstance, startInstances, workDir, type BenchUser, type Instance,
} from "./harness";

const STREAMS = positiveInt("BENCH_STREAMS", 1000);
const EVENTS = positiveInt("BENCH_EVENTS", 200);
const RATE = positiveInt("BENCH_RATE", 10);
const PORT = positiveInt("BENCH_PORT", 3700);
const GOAL_EXTRA_MB = 150;
const GOAL_P95_MS = 1000;
/** Messages per sender stay under the message rate limit (30 a minute). */
const PER_SENDER = 10;

type Stream = { user: BenchUser; req: http.ClientRequest; open: boolean; ready: boolean };

/** Opens one SSE stream; `onEvent(type, data)` for each event. */
function openStream(agent: http.Agent, base: string, user: BenchUser, onEvent: (type: string, data: string) => void): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { user, req: null as unknown as http.ClientRequest, open: false, ready: false };
    stream.req = http.get(`${base}/api/events`, { agent, headers: { authorization: `Bearer ${user.token}`, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream answered ${res.statusCode}`));
        return;
      }
      stream.open = true;
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
          if (type === "ready" && !stream.ready) {
            stream.ready = true;
            resolve(stream);
          } else if (type) onEvent(type, data);
        }
      });
      res.on("close", () => (stream.open = false));
    });
    stream.req.on("error", (error) => {
      stream.open = false;
      reject(error);
    });
  });
}

/** Median of a few samples of a process's memory, `ms` apart. */
async function sampleRss(pid: number, samples = 5, ms = 400): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    values.push(rssMb(pid));
    await sleep(ms);
  }
  return values.sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
}

/** The receivers and senders, one conversation per event: sender k % senders asks receiver k about a demo product. */
async function seedConversations(client: pg.Client) {
  const senderCount = Math.ceil(EVENTS / PER_SENDER);
  const receivers = await createUsers(client, STREAMS, "stream");
  const senders = await createUsers(client, senderCount, "sender");
  // One conversation per event: sender k % senders asks receiver k about a demo product.
  const product = (await client.query<{ id: string }>("SELECT id FROM products ORDER BY created_at LIMIT 1")).rows[0]!.id;
  const pairs = Array.from({ length: EVENTS }, (_, k) => ({ sender: senders[k % senderCount]!, receiver: receivers[k % STREAMS]! }));
  const conversations = (
    await client.query<{ id: string }>(
      `INSERT INTO conversations (id, product_id, buyer_id, seller_id)
       SELECT gen_random_uuid(), $1, b, s FROM unnest($2::uuid[], $3::uuid[]) WITH ORDINALITY AS t(b, s, n) ORDER BY n
       RETURNING id`,
      [product, pairs.map((p) => p.sender.id), pairs.map((p) => p.receiver.id)],
    )
  ).rows.map((row) => row.id);
  await client.query("VACUUM ANALYZE");
  return { receivers, pairs, conversations };
}

async function main() {
  const wallStart = Date.now();
  console.log(`Event streams: ${STREAMS} streams on A, ${EVENTS} messages through B (load average ${loadAverage()})`);
  buildIfStale();
  const work = workDir("kringwaar-bench-streams-");
  const database = await freshDatabase("kw_load_streams");
  const client = new pg.Client(poolConfigFromUrl(database.url));
  await client.connect();
  const instances: Instance[] = [];
  const streams: Stream[] = [];
  try {
    const { receivers, pairs, conversations } = await seedConversations(client);

    instances.push(
      ...(await startInstances([
        startInstance("A", PORT, database.url, work.dir, { DATA_DIR: work.dir }),
        startInstance("B", PORT + 1, database.url, work.dir, { DATA_DIR: work.dir }),
      ])),
    );
    const [a, b] = instances as [Instance, Instance];
    const agentA = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const agentB = keepAliveAgent(16);

    // Warm-up: the routes compiled and loaded, a few streams opened and closed on A.
    for (let i = 0; i < 20; i += 1) {
      await request(agentA, `${a.url}/api/products?limit=20`);
      await request(agentA, `${a.url}/api/messages/unread-count`, { token: receivers[i]!.token });
      await request(agentB, `${b.url}/api/messages/unread-count`, { token: receivers[i]!.token });
    }
    const warm = await Promise.all(receivers.slice(0, 10).map((user) => openStream(agentA, a.url, user, () => undefined)));
    for (const stream of warm) stream.req.destroy();
    await sleep(3_000);
    const idleMb = await sampleRss(a.pid);

    // The streams, 50 at a time.
    const arrivals = new Map<string, number>();
    const onEvent = (type: string, data: string) => {
      if (type !== "message") return;
      const { messageId } = JSON.parse(data) as { messageId: string };
      if (!arrivals.has(messageId)) arrivals.set(messageId, Date.now());
    };
    const openStarted = performance.now();
    for (let i = 0; i < STREAMS; i += 50) {
      streams.push(...(await Promise.all(receivers.slice(i, i + 50).map((user) => openStream(agentA, a.url, user, onEvent)))));
    }
    const openSeconds = (performance.now() - openStarted) / 1000;
    await sleep(3_000);
    const openMb = await sampleRss(a.pid);

    // The events: messages through B, BENCH_RATE a second (at most 8 at once), each timed
    // from its write (the message's created_at, stamped by B just before its commit) and
    // from its send to its arrival on the recipient's stream on A. Same machine, one clock.
    const sent = new Map<string, { sentAt: number; writtenAt: number }>();
    let sendErrors = 0;
    let inFlight = 0;
    const sends: Promise<void>[] = [];
    const eventsStarted = performance.now();
    for (let k = 0; k < EVENTS; k += 1) {
      const wait = eventsStarted + (k * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      while (inFlight >= 8) await sleep(5);
      inFlight += 1;
      const sentAt = Date.now();
      sends.push(
        request(agentB, `${b.url}/api/conversations/${conversations[k]}/messages`, {
          method: "POST",
          token: pairs[k]!.sender.token,
          body: { content: `Is dit nog te koop? (${k})` },
          gzip: false,
        }).then((answer) => {
          inFlight -= 1;
          if (answer.status !== 201) {
            sendErrors += 1;
            if (sendErrors <= 3) console.log(`send ${k}: ${answer.status} ${answer.body.slice(0, 200)}`);
            return;
          }
          const body = JSON.parse(answer.body) as { id: string; created_at: string };
          sent.set(body.id, { sentAt, writtenAt: Date.parse(body.created_at) });
        }),
      );
    }
    await Promise.all(sends);
    const deadline = performance.now() + 5_000;
    while (performance.now() < deadline && [...sent.keys()].some((id) => !arrivals.has(id))) await sleep(100);
    const eventsMb = await sampleRss(a.pid, 3);

    const delivered = [...sent].filter(([id]) => arrivals.has(id));
    const latencies = delivered.map(([id, t]) => arrivals.get(id)! - t.writtenAt).sort((x, y) => x - y);
    const fromSend = delivered.map(([id, t]) => arrivals.get(id)! - t.sentAt).sort((x, y) => x - y);
    const lost = sent.size - latencies.length;
    const closed = streams.filter((s) => !s.open).length;
    const extraMb = openMb - idleMb;
    const p50 = percentile(latencies, 50);
    const p95 = percentile(latencies, 95);

    const misses: string[] = [];
    if (extraMb > GOAL_EXTRA_MB) misses.push(`memory: ${extraMb.toFixed(0)} MB over idle > ${GOAL_EXTRA_MB} MB`);
    if (!(p95 <= GOAL_P95_MS)) misses.push(`delivery p95 ${p95.toFixed(0)} ms > ${GOAL_P95_MS} ms`);
    if (sendErrors > 0) misses.push(`${sendErrors} messages not accepted by B`);
    if (lost > 0) misses.push(`${lost} events never reached their stream`);
    if (closed > 0) misses.push(`${closed} streams closed during the run`);

    console.log(`\nStreams opened in ${openSeconds.toFixed(1)} s; events at ${RATE}/s; load average ${loadAverage()}\n`);
    console.log("| Measure | Value | Goal |");
    console.log("|---|---|---|");
    console.log(`| A's RSS idle (after warm-up) | ${idleMb.toFixed(0)} MB | |`);
    console.log(`| A's RSS with ${STREAMS} streams | ${openMb.toFixed(0)} MB | |`);
    console.log(`| More than idle | ${extraMb.toFixed(0)} MB (${((extraMb * 1024) / STREAMS).toFixed(1)} KB a stream) | ≤ ${GOAL_EXTRA_MB} MB${extraMb > GOAL_EXTRA_MB ? " ✗" : ""} |`);
    console.log(`| A's RSS after the events | ${eventsMb.toFixed(0)} MB | |`);
    console.log(`| Events delivered | ${latencies.length} of ${EVENTS} | all${latencies.length < EVENTS ? " ✗" : ""} |`);
    console.log(`| Delivery from the write, p50 / p95 / max | ${p50.toFixed(0)} / ${p95.toFixed(0)} / ${(latencies.at(-1) ?? NaN).toFixed(0)} ms | p95 ≤ ${GOAL_P95_MS} ms${p95 > GOAL_P95_MS ? " ✗" : ""} |`);
    console.log(`| From the send (B's request included), p50 / p95 | ${percentile(fromSend, 50).toFixed(0)} / ${percentile(fromSend, 95).toFixed(0)} ms | |`);
    console.log(`| Streams closed during the run | ${closed} | 0${closed ? " ✗" : ""} |`);
    console.log(`\nWall time ${((Date.now() - wallStart) / 1000).toFixed(0)} s.`);
    if (misses.length > 0) {
      console.log(`\nGoals missed:\n- ${misses.join("\n- ")}`);
      process.exitCode = 1;
    }
  } finally {
    for (const stream of streams) stream.req.destroy();
    await Promise.all(instances.map((instance) => instance.stop()));
    await client.end();
    if (process.env.BENCH_KEEP === "1") console.log(`kept: database kw_load_streams, logs in ${work.dir}`);
    else await database.drop();
    work.cleanup();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

/**
 * Mixed load benchmark (docs/performance.md "Mixed load"): BENCH_USERS
 * (200) signed-in users for BENCH_SECONDS (60), after BENCH_WARMUP_SECONDS (20) not
 * counted, against two production instances on one
 * PostgreSQL, each user sending its next request as soon as the last one is answered,
 * half of the users on each instance.
 *
 *   nice -n 10 npm run bench:load
 *
 * Builds `.next` when it is stale, creates the database `kw_load_mix` (on
 * BENCH_DATABASE_URL's server) with the migrations and the demo data, and adds
 * BENCH_PRODUCTS (2,000) listings copied from the demo ones, the users with a session
 * each, two conversations with messages and a cart item per user. Instances on
 * BENCH_PORT (3710) and BENCH_PORT + 1. The mix (weights in MIX): browse (GET
 * /api/products with filters), product (GET /api/products/{id}), unread count,
 * conversations, cart, messages of a conversation, orders, and pages (/, /browse and a
 * product page, signed out, as HTML).
 *
 * Goals: at least 300 requests/s, p95 <= 1 s, no errors (a status other than the expected
 * one, or no answer). Exits 1 when one is missed. BENCH_KEEP=1 keeps the database and logs.
 * BENCH_KINDS=<names> (comma-separated, e.g. `browse,product`) sends only those kinds of
 * the mix: with few users, their CPU per request (the goals then say nothing).
 * BENCH_SAMPLES=<file> writes every measured answer (time, latency, kind, instance) as CSV.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { poolConfigFromUrl } from "../../lib/platform/db/connection";
import {
  buildIfStale, createUsers, freshDatabase, hostCpuTicks, keepAliveAgent, loadAverage, percentile, positiveInt, processCpuSeconds,
  request, sleep, startInstance, startInstances, workDir, type BenchUser, type Instance,
} from "./harness";

const USERS = positiveInt("BENCH_USERS", 200);
const SECONDS = positiveInt("BENCH_SECONDS", 60);
const PRODUCTS = positiveInt("BENCH_PRODUCTS", 2000);
const PORT = positiveInt("BENCH_PORT", 3710);
/** Its own database (BENCH_DATABASE_NAME), e.g. to run a comparison beside it. */
const DATABASE = process.env.BENCH_DATABASE_NAME ?? "kw_load_mix";
/**
 * Not counted: fresh instances run their first thousands of requests at nearly twice the CPU
 * (V8 optimises Next's code as it runs), and reach their steady pace after about 20 s
 * (docs/performance.md "Mixed load"). The warm-up's own figures are printed beside.
 */
const WARMUP_SECONDS = positiveInt("BENCH_WARMUP_SECONDS", 20);
const GOAL_RPS = 300;
const GOAL_P95_MS = 1000;

type Fixture = { products: string[]; conversations: Map<string, string[]> };
type Kind = { name: string; weight: number; path: (user: BenchUser, pick: <T>(list: T[]) => T, fixture: Fixture) => string; signedIn: boolean };

const BROWSE = [
  "limit=20",
  "limit=20&skip=20",
  "featured=1&limit=6",
  "search=fiets",
  "category=Fietsen&max_price=300",
  "sort=price_asc&limit=20",
  "search=lamp&min_price=5",
];

/** The mix: browsing and product pages most, then a user's own things. */
const FULL_MIX: Kind[] = [
  { name: "browse", weight: 25, signedIn: true, path: (_u, pick) => `/api/products?${pick(BROWSE)}` },
  { name: "product", weight: 20, signedIn: true, path: (_u, pick, f) => `/api/products/${pick(f.products)}` },
  { name: "unread count", weight: 15, signedIn: true, path: () => "/api/messages/unread-count" },
  { name: "conversations", weight: 8, signedIn: true, path: () => "/api/messages/conversations" },
  { name: "cart", weight: 7, signedIn: true, path: () => "/api/cart" },
  { name: "messages", weight: 7, signedIn: true, path: (u, pick, f) => `/api/conversations/${pick(f.conversations.get(u.id)!)}/messages?limit=30` },
  { name: "orders", weight: 6, signedIn: true, path: () => "/api/transactions" },
  { name: "pages", weight: 12, signedIn: false, path: (_u, pick, f) => pick(["/", "/browse", `/product/${pick(f.products.slice(0, 50))}`]) },
];
const onlyKinds = (process.env.BENCH_KINDS ?? "").split(",").map((name) => name.trim()).filter(Boolean);
const MIX = onlyKinds.length ? FULL_MIX.filter((kind) => onlyKinds.includes(kind.name)) : FULL_MIX;
if (!MIX.length) throw new Error(`BENCH_KINDS names no kind of the mix (${FULL_MIX.map((kind) => kind.name).join(", ")})`);

/** Listings copied from the demo ones (every column but the id), and the users' own data. */
export async function seedMix(client: pg.Client, users: BenchUser[]): Promise<Fixture> {
  const columns = (
    await client.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'products' AND column_name <> 'id' AND is_generated = 'NEVER'",
    )
  ).rows.map((row) => `"${row.column_name}"`);
  const list = columns.join(", ");
  const demo = Number((await client.query<{ n: number }>("SELECT count(*)::int AS n FROM products")).rows[0]!.n);
  await client.query(
    `INSERT INTO products (id, ${list})
     SELECT gen_random_uuid(), ${columns.map((c) => (c === '"title"' ? `${c} || ' ' || g` : c === '"created_at"' ? `${c} - g * interval '1 minute'` : c)).join(", ")}
     FROM products, generate_series(1, $1::int) AS g`,
    [Math.ceil(PRODUCTS / Math.max(1, demo))],
  );
  const products = (await client.query<{ id: string; seller_id: string }>("SELECT id, seller_id FROM products WHERE status = 'available' ORDER BY created_at DESC LIMIT 500")).rows;
  // Two conversations per user (as buyer, with the products' sellers), four messages each,
  // the last from the seller; one cart item.
  const conversations = new Map<string, string[]>();
  for (const [i, user] of users.entries()) {
    const ids: string[] = [];
    for (const product of [products[(2 * i) % products.length]!, products[(2 * i + 1) % products.length]!]) {
      const { rows } = await client.query<{ id: string }>(
        "INSERT INTO conversations (id, product_id, buyer_id, seller_id) VALUES (gen_random_uuid(), $1, $2, $3) RETURNING id",
        [product.id, user.id, product.seller_id],
      );
      const id = rows[0]!.id;
      await client.query(
        `INSERT INTO messages (id, conversation_id, sender_id, content, created_at)
         SELECT gen_random_uuid(), $1, CASE WHEN n % 2 = 0 THEN $3::uuid ELSE $2::uuid END, 'Bericht ' || n, now() - (5 - n) * interval '1 minute'
         FROM generate_series(1, 4) AS n`,
        [id, user.id, product.seller_id],
      );
      ids.push(id);
    }
    conversations.set(user.id, ids);
    await client.query("INSERT INTO cart_items (id, user_id, product_id) VALUES (gen_random_uuid(), $1, $2)", [user.id, products[(i + 7) % products.length]!.id]);
  }
  await client.query("VACUUM ANALYZE");
  return { products: products.map((p) => p.id), conversations };
}

type Tally = { latencies: number[]; errors: number; firstError?: string };
/** One answer: when it came (ms since the measuring began), how long it took, of which kind, from which instance. */
type Sample = { at: number; ms: number; kind: string; instance: string };

/** The table of answers per kind of request; every latency (sorted) and the errors. */
function printKinds(tallies: Map<string, Tally>, seconds: number): { all: number[]; errors: number } {
  const all: number[] = [];
  let errors = 0;
  console.log("| Kind | Requests | Req/s | p50 ms | p95 ms | Errors |");
  console.log("|---|---|---|---|---|---|");
  for (const kind of MIX) {
    const tally = tallies.get(kind.name)!;
    const sorted = [...tally.latencies].sort((x, y) => x - y);
    all.push(...sorted);
    errors += tally.errors;
    console.log(`| ${kind.name} | ${sorted.length} | ${(sorted.length / seconds).toFixed(1)} | ${percentile(sorted, 50).toFixed(0)} | ${percentile(sorted, 95).toFixed(0)} | ${tally.errors} |`);
    if (tally.firstError) console.log(`|   first error: ${tally.firstError.replace(/\|/g, "/")} | | | | | |`);
  }
  all.sort((x, y) => x - y);
  return { all, errors };
}

/** Whether one instance, or some seconds, made the tail (every answer as CSV with BENCH_SAMPLES). */
function printInstances(instances: Instance[], samples: Sample[]): void {
  for (const instance of instances) {
    const mine = samples.filter((sample) => sample.instance === instance.name).map((sample) => sample.ms).sort((x, y) => x - y);
    console.log(`Instance ${instance.name}: ${mine.length} answers, p50 ${percentile(mine, 50).toFixed(0)} ms, p95 ${percentile(mine, 95).toFixed(0)} ms`);
  }
  if (process.env.BENCH_SAMPLES) {
    writeFileSync(process.env.BENCH_SAMPLES, ["at_ms,ms,kind,instance", ...samples.map((x) => `${x.at.toFixed(0)},${x.ms.toFixed(1)},${x.kind},${x.instance}`)].join("\n") + "\n");
    console.log(`Every answer in ${process.env.BENCH_SAMPLES} (CSV).`);
  }
}

async function main() {
  const wallStart = Date.now();
  console.log(`Mixed load: ${USERS} users for ${SECONDS} s on two instances (load average ${loadAverage()})`);
  buildIfStale();
  const work = workDir("kringwaar-bench-load-");
  const database = await freshDatabase(DATABASE);
  const client = new pg.Client(poolConfigFromUrl(database.url));
  await client.connect();
  const instances: Instance[] = [];
  try {
    const users = await createUsers(client, USERS, "mix");
    const fixture = await seedMix(client, users);
    instances.push(
      ...(await startInstances([
        startInstance("A", PORT, database.url, work.dir, { DATA_DIR: work.dir }),
        startInstance("B", PORT + 1, database.url, work.dir, { DATA_DIR: work.dir }),
      ])),
    );
    const agents = instances.map(() => keepAliveAgent(USERS));
    const total = MIX.reduce((sum, kind) => sum + kind.weight, 0);
    const tallies = new Map(MIX.map((kind) => [kind.name, { latencies: [], errors: 0 } as Tally]));
    let measuring = false;
    let stopAt = 0;
    let measuredFrom = 0;
    const samples: Sample[] = [];
    const warmup: number[] = [];

    const user = async (u: BenchUser, index: number) => {
      const instance = instances[index % instances.length]!;
      const agent = agents[index % instances.length]!;
      let seed = index + 1;
      const random = () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed / 2147483648;
      };
      const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
      while (Date.now() < stopAt) {
        let r = random() * total;
        const kind = MIX.find((k) => (r -= k.weight) < 0) ?? MIX[0]!;
        const answer = await request(agent, instance.url + kind.path(u, pick, fixture), {
          token: kind.signedIn ? u.token : undefined,
          from: `10.${(index >> 8) & 255}.${index & 255}.1`,
          timeoutMs: 30_000,
        });
        if (!measuring) {
          warmup.push(answer.ms);
          continue;
        }
        const tally = tallies.get(kind.name)!;
        tally.latencies.push(answer.ms);
        samples.push({ at: performance.now() - measuredFrom, ms: answer.ms, kind: kind.name, instance: instance.name });
        if (answer.status !== 200) {
          tally.errors += 1;
          tally.firstError ??= `${answer.status} ${kind.path(u, pick, fixture)} ${answer.body.slice(0, 160)}`;
        }
      }
    };

    // Warm-up (not counted), then the measured seconds.
    stopAt = Date.now() + (WARMUP_SECONDS + SECONDS) * 1000;
    const cpuAtStart = instances.map((instance) => processCpuSeconds(instance.pid));
    const running = users.map((u, i) => user(u, i));
    await sleep(WARMUP_SECONDS * 1000);
    measuring = true;
    measuredFrom = performance.now();
    const started = measuredFrom;
    const loadBefore = loadAverage();
    const cpuBefore = instances.map((instance) => processCpuSeconds(instance.pid));
    const hostBefore = hostCpuTicks();
    await Promise.all(running);
    const seconds = (performance.now() - started) / 1000;
    const cpuUsed = instances.map((instance, i) => processCpuSeconds(instance.pid) - cpuBefore[i]!);
    const hostAfter = hostCpuTicks();
    const stealShare = (hostAfter.steal - hostBefore.steal) / Math.max(1, hostAfter.total - hostBefore.total);

    const misses: string[] = [];
    const warmupCpu = cpuBefore.reduce((sum, cpu, i) => sum + cpu - cpuAtStart[i]!, 0);
    warmup.sort((x, y) => x - y);
    console.log(`\n${USERS} users, ${seconds.toFixed(0)} s measured after ${WARMUP_SECONDS} s warm-up; load average ${loadBefore} at the start, ${loadAverage()} at the end`);
    console.log(
      `Warm-up (not counted): ${(warmup.length / WARMUP_SECONDS).toFixed(1)} requests/s, p50 ${percentile(warmup, 50).toFixed(0)} ms, p95 ${percentile(warmup, 95).toFixed(0)} ms, ` +
        `${((1000 * warmupCpu) / Math.max(1, warmup.length)).toFixed(1)} ms of CPU per request\n`,
    );
    const { all, errors } = printKinds(tallies, seconds);
    const rps = all.length / seconds;
    const p95 = percentile(all, 95);
    console.log(`| **all** | ${all.length} | ${rps.toFixed(1)} | ${percentile(all, 50).toFixed(0)} | ${p95.toFixed(0)} | ${errors} |`);
    printInstances(instances, samples);
    // What a request costs the instances, whatever else the machine did: their CPU time over
    // the requests they answered (the warm-up's stragglers aside), and the host's steal.
    const cpuTotal = cpuUsed.reduce((sum, s) => sum + s, 0);
    console.log(
      `\nInstances' CPU: ${cpuUsed.map((s, i) => `${instances[i]!.name} ${s.toFixed(1)} s`).join(", ")}: ${((1000 * cpuTotal) / Math.max(1, all.length)).toFixed(1)} ms of CPU per request. ` +
        `Steal (CPU time the hypervisor gave other guests): ${(100 * stealShare).toFixed(0)}% of the machine's.`,
    );
    if (rps < GOAL_RPS) misses.push(`${rps.toFixed(1)} requests/s < ${GOAL_RPS}`);
    if (p95 > GOAL_P95_MS) misses.push(`p95 ${p95.toFixed(0)} ms > ${GOAL_P95_MS} ms`);
    if (errors > 0) misses.push(`${errors} errors`);
    console.log(`\nWall time ${((Date.now() - wallStart) / 1000).toFixed(0)} s.`);
    if (misses.length > 0) {
      console.log(`\nGoals missed:\n- ${misses.join("\n- ")}`);
      process.exitCode = 1;
    }
    for (const agent of agents) agent.destroy();
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await client.end();
    if (process.env.BENCH_KEEP === "1") console.log(`kept: database ${DATABASE}, logs in ${work.dir}`);
    else await database.drop();
    work.cleanup();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}


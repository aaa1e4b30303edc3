/**
 * Catalogue benchmark: GET /api/products at 100,000 products, through the real route
 * handler in-process, next to the very same SQL statements run directly with pg.
 *
 *   npm run bench:catalog
 *
 * Needs PostgreSQL (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/
 * postgres); creates its own database, applies the migrations, seeds, measures, and
 * drops the database again (BENCH_KEEP=1 keeps it). Other knobs: BENCH_PRODUCTS
 * (100000), BENCH_REQUESTS per scenario (400), BENCH_CONCURRENCY (8), BENCH_EXPLAIN=1
 * (print EXPLAIN ANALYZE of each scenario's first query; =all: of every query), BENCH_DATABASE=<name> (use
 * that database: created and seeded when missing, kept; when it exists, only new
 * migrations are applied, so a seeded million can be measured again and again),
 * BENCH_SCENARIOS=<words> (comma-separated; only the scenarios whose name contains one). Geocoding for `near` uses the
 * offline gazetteer: the benchmark never leaves the machine.
 *
 * Goals (docs/performance.md): p95 <= 50 ms for filters and <= 100 ms for text search,
 * and the API at most 2x the time of its SQL.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { poolConfigFromUrl, SESSION_OPTIONS } from "../../lib/platform/db/connection";
import { seedCatalog } from "./catalog-seed";
import { admin, serverUrl, withDatabase } from "./harness";

const root = path.resolve(import.meta.dirname, "../..");
const products = positiveInt("BENCH_PRODUCTS", 100_000);
const requests = positiveInt("BENCH_REQUESTS", 400);
const concurrency = positiveInt("BENCH_CONCURRENCY", 8);
const poolSize = 2 * concurrency; // each request runs its page and its count at once
const keep = process.env.BENCH_KEEP === "1";
const explain = process.env.BENCH_EXPLAIN === "1";
const explainAll = process.env.BENCH_EXPLAIN === "all";
const namedDatabase = process.env.BENCH_DATABASE;
const databaseName = namedDatabase ?? `kringwaar_bench_${process.pid}`;
const onlyScenarios = (process.env.BENCH_SCENARIOS ?? "").split(",").map((word) => word.trim()).filter(Boolean);

type Kind = "filter" | "text";
type Scenario = { name: string; kind: Kind; queries: string[] };

/** Typical browse calls; each scenario cycles through its variants. */
const SCENARIOS: Scenario[] = [
  { name: "browse, newest (home page)", kind: "filter", queries: ["limit=20", "limit=8", "limit=20&skip=20", "featured=1&limit=6"] },
  {
    name: "text search",
    kind: "text",
    queries: ["search=fiets", "search=kinderfiets", "search=fietz", "search=lamp", "search=gazelle%20fiets", "search=eettafel", "search=koptelefon", "search=lego"],
  },
  {
    name: "category + price range",
    kind: "filter",
    queries: [
      "category=Fietsen&min_price=50&max_price=300",
      "category=Meubels&max_price=100",
      "category=Elektronica&min_price=20&max_price=200&sort=price_asc",
      "category=Speelgoed&min_price=5",
      "category=Boeken&max_price=15&sort=price_desc",
    ],
  },
  {
    name: "location text",
    kind: "filter",
    queries: ["location=Amsterdam", "location=Utrecht&category=Fietsen", "location=3511", "location=Groningen&max_price=50", "location=1011%20AB"],
  },
  {
    name: "near + radius",
    kind: "filter",
    queries: [
      "near=Utrecht&radius_km=10",
      "near=Amersfoort&radius_km=25&sort=distance",
      "near=Eindhoven&radius_km=15&category=Fietsen",
      "near=Zwolle&radius_km=20&max_price=100",
    ],
  },
  { name: "text search + filters", kind: "text", queries: ["search=fiets&category=Fietsen&max_price=250&location=Utrecht", "search=stoel&near=Rotterdam&radius_km=20", "search=lamp&min_price=10&max_price=80"] },  {
    // A common word with one selective condition: the condition must cut before the ranking.
    name: "common word + filter or near",
    kind: "text",
    queries: [
      "search=fiets&max_price=20",
      "search=fiets&near=3511&radius_km=50",
      "search=houten%20stoel&min_price=100",
      "search=lamp&category=Verlichting&sort=price_asc",
    ],
  },
];

const GOAL_P95_MS: Record<Kind, number> = { filter: 50, text: 100 };
const GOAL_RATIO = 2;

function loadAverage(): string {
  return os.loadavg().map((load) => load.toFixed(2)).join(" ");
}

function positiveInt(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

function say(line: string) {
  console.log(line);
}

type Stats = { p50: number; p95: number; perSecond: number };

/** Runs `count` tasks with `parallel` in flight at a time; latency of each, and the rate. */
async function load(count: number, parallel: number, task: (i: number) => Promise<void>): Promise<Stats> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        await task(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const wall = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { p50: at(0.5), p95: at(0.95), perSecond: (count / wall) * 1000 };
}

async function main() {
  const databaseUrl = withDatabase(serverUrl, databaseName);
  say(`Catalog benchmark: ${products} products, ${requests} requests per scenario, concurrency ${concurrency}`);
  const exists = await admin(async (c) => (await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [databaseName])).rowCount === 1);
  if (!exists) await admin((c) => c.query(`CREATE DATABASE "${databaseName}"`));
  try {
    say(`Database ${databaseName}: applying migrations`);
    execFileSync(path.join(root, "node_modules/.bin/prisma"), ["migrate", "deploy"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (exists) {
      say("Seeded before: measuring");
      await measure(databaseUrl);
      return;
    }

    say("Seeding");
    const seeder = new pg.Client(poolConfigFromUrl(databaseUrl));
    await seeder.connect();
    const seedStarted = performance.now();
    // About five listings per seller and three per pickup location, as on a real
    // marketplace where most sellers list a few things from home.
    const size = { products, sellers: Math.max(10, Math.round(products / 5)), locations: Math.max(40, Math.round(products / 3)) };
    try {
      await seedCatalog(seeder, size, say);
    } finally {
      await seeder.end();
    }
    say(`  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    await measure(databaseUrl);
  } finally {
    if (keep || namedDatabase) {
      say(`Kept database ${databaseName} (BENCH_KEEP=1)`);
    } else {
      await admin((c) => c.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
    }
  }
}

async function measure(databaseUrl: string) {
  // The application reads its configuration on first use: set it before loading any of it.
  Object.assign(process.env, {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: String(poolSize),
    AUTH_SECRET: randomBytes(32).toString("hex"),
    // Production requires it; the benchmark stores no tax data.
    TAX_DATA_KEY: randomBytes(32).toString("hex"),
    LOG_LEVEL: "silent",
    GEOCODER: "offline",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "kringwaar-bench-")),
  });
  const { NextRequest } = await import("next/server");
  const { GET } = await import("../../app/api/products/route");
  const { planSearch, runSearch, searchStatements } = await import("../../lib/domains/catalog/search");
  const { productQuerySchema } = await import("../../lib/domains/catalog/schemas");
  const { disconnectDb } = await import("../../lib/platform/db/client");
  const sqlPool = new pg.Pool({ ...poolConfigFromUrl(databaseUrl), max: poolSize, options: SESSION_OPTIONS });

  const callApi = async (query: string) => {
    const req = new NextRequest(new URL(`/api/products?${query}`, "http://localhost:3000"), {
      headers: { host: "localhost:3000", "x-forwarded-for": "127.0.0.1" },
    });
    const res = await GET(req, { params: Promise.resolve({}) });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`GET /api/products?${query}: ${res.status} ${body}`);
  };

  // The SQL side runs the service's own statements, in the service's own order (the
  // typo-tolerant pass included), through plain pg instead of Prisma.
  type Plan = Awaited<ReturnType<typeof planSearch>>;
  const pgExecutor = async <T,>(sql: { text: string; values: unknown[] }): Promise<T[]> =>
    (await sqlPool.query(sql.text, sql.values)).rows as T[];
  const planFor = (query: string): Promise<Plan> =>
    planSearch(productQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))));
  const runSql = async (plan: Plan) => {
    await runSearch(plan, pgExecutor);
  };
  const rows: string[] = [];
  let failures = 0;
  const loadBefore = loadAverage();
  try {
    const chosen = SCENARIOS.filter((s) => onlyScenarios.length === 0 || onlyScenarios.some((word) => s.name.includes(word)));
    for (const scenario of chosen) {
      // Every variant planned (`near` geocoded) outside the timing.
      const plans = await Promise.all(scenario.queries.map(planFor));
      const explained = explainAll ? plans.length : explain ? 1 : 0;
      for (let i = 0; i < explained; i++) await printPlan(sqlPool, scenario.queries[i]!, searchStatements(plans[i]!, false).page);
      const results = await Promise.all(plans.map((plan) => runSearch(plan, pgExecutor)));
      const totals = results.map((result) => result.total);
      // Counts stop at 10,000 (lib/domains/catalog/capped.ts): "10000+".
      const capped = results.some((result) => result.totalIsCapped) ? "+" : "";

      const warmup = Math.max(concurrency * 2, Math.round(requests / 10));
      await load(warmup, concurrency, (i) => callApi(scenario.queries[i % scenario.queries.length]!));
      await load(warmup, concurrency, (i) => runSql(plans[i % plans.length]!));
      const api = await load(requests, concurrency, (i) => callApi(scenario.queries[i % scenario.queries.length]!));
      const sql = await load(requests, concurrency, (i) => runSql(plans[i % plans.length]!));

      const ratio = api.p50 / sql.p50;
      const ok = api.p95 <= GOAL_P95_MS[scenario.kind] && ratio <= GOAL_RATIO;
      if (!ok) failures += 1;
      const matches = `${Math.min(...totals)}–${Math.max(...totals)}${capped}`;
      rows.push(
        `| ${scenario.name} | ${matches} | ${api.p50.toFixed(1)} | ${api.p95.toFixed(1)} | ${api.perSecond.toFixed(0)} | ` +
          `${sql.p50.toFixed(1)} | ${sql.p95.toFixed(1)} | ${sql.perSecond.toFixed(0)} | ${ratio.toFixed(2)} | ` +
          `${(api.p95 / sql.p95).toFixed(2)} | ≤ ${GOAL_P95_MS[scenario.kind]} ms: ${ok ? "met" : "MISSED"} |`,
      );
      say(rows[rows.length - 1]!);
    }
  } finally {
    await sqlPool.end();
    await disconnectDb();
  }

  const version = await admin(async (c) => (await c.query("SHOW server_version")).rows[0].server_version as string);
  const cpus = os.cpus();
  say("");
  say(`Machine: ${cpus.length} × ${cpus[0]?.model ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ` +
      `Node ${process.version}, PostgreSQL ${version}, ${os.platform()} ${os.release()}`);
  say(`Concurrency ${concurrency}, ${requests} requests per scenario and side, pools of ${poolSize} connections.`);
  // Other work on the machine skews every figure: say how busy it was.
  say(`Load average before ${loadBefore}, after ${loadAverage()} (1, 5, 15 minutes).`);
  say("");
  say("| Scenario | Matches | API p50 ms | API p95 ms | API req/s | SQL p50 ms | SQL p95 ms | SQL req/s | API/SQL p50 | API/SQL p95 | Goal |");
  say("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const row of rows) say(row);
  if (failures > 0) {
    say(`\n${failures} scenario(s) missed a goal (p95 or API/SQL ratio ≤ ${GOAL_RATIO}).`);
    process.exitCode = 1;
  }
}

async function printPlan(pool: pg.Pool, query: string, page: { text: string; values: unknown[] }) {
  const result = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${page.text}`, page.values);
  say(`\n--- ${query}`);
  for (const row of result.rows) say(row["QUERY PLAN"] as string);
}

// The application's modules leave timers and connections behind (the live-event
// listener, caches' sweeps): exit once the figures are out rather than wait on them.
main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => process.exit());

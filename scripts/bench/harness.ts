/**
 * What the multi-instance benchmarks share (scripts/bench/load.ts, scripts/bench/streams.ts):
 * a fresh PostgreSQL database with the migrations and the demo data, signed-in benchmark
 * users (users, `auth_sessions` rows and bearer tokens made directly, as the tests do),
 * production instances of the app (scripts/server.ts, as `npm start` runs it) on one
 * database, their memory, and percentiles.
 *
 * Instances are the production build in `.next`: built first when it is missing or older
 * than the sources (scripts/build-state.ts), as `npm start` does.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { gunzipSync } from "node:zlib";
import path from "node:path";
import { SignJWT } from "jose";
import pg from "pg";
import { poolConfigFromUrl } from "../../lib/platform/db/connection";
import { buildIsStale } from "../build-state";

export const root = path.resolve(import.meta.dirname, "../..");
export const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export function positiveInt(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

export const loadAverage = () => os.loadavg().map((load) => load.toFixed(2)).join(" ");

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function processCpuSeconds(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/**
 * The machine's CPU time so far (/proc/stat's first line, in ticks): all of it, and the
 * part the hypervisor gave to other guests ("steal"). On a shared virtual machine a
 * benchmark is only comparable with one that saw about the same steal.
 */
export function hostCpuTicks(): { total: number; steal: number } {
  const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { total: ticks.reduce((sum, n) => sum + n, 0), steal: ticks[7] ?? 0 };
}
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs `fn` on a connection to the server (not a benchmark database), then closes it. */
export async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(poolConfigFromUrl(serverUrl));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `npm run build` when `.next` is missing or older than the sources (BENCH_BUILD=0: never). */
export function buildIfStale(): void {
  if (process.env.BENCH_BUILD === "0" || !buildIsStale(".next")) return;
  console.log("building the production app (npm run build): .next is missing or older than the sources");
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
}

/**
 * A fresh database `name` (dropped first when left over) with the migrations and the demo
 * data; the returned `drop` removes it.
 */
export async function freshDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${name}"`);
  });
  const url = withDatabase(serverUrl, name);
  execFileSync(path.join(root, "node_modules/.bin/prisma"), ["migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    stdio: "ignore",
  });
  // The demo seed runs in this process through lib/platform/env.ts, as in scripts/start.ts.
  process.env.DATABASE_URL = url;
  process.env.AUTH_SECRET ??= randomBytes(48).toString("base64url");
  process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kringwaar-bench-data-"));
  const { seedDemoData } = await import("../../prisma/seed");
  const { getDb, disconnectDb } = await import("../../lib/platform/db/client");
  await seedDemoData(getDb(), undefined, { password: randomBytes(12).toString("base64url") });
  await disconnectDb();
  return {
    url,
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

export type BenchUser = { id: string; token: string };

/**
 * `count` users, each with a live bearer session and its token (signed as
 * lib/domains/accounts/auth/tokens.ts signs them), made with one statement each.
 */
export async function createUsers(client: pg.Client, count: number, prefix: string): Promise<BenchUser[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  const sessions = Array.from({ length: count }, () => randomUUID());
  await client.query(
    `INSERT INTO users (id, email, password_hash, name, updated_at, is_verified)
     SELECT id, $2 || '-' || n || '@bench.kringwaar.test', 'bench-no-password', 'Bench ' || n, now(), true
     FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
    [ids, prefix],
  );
  await client.query(
    `INSERT INTO auth_sessions (id, user_id, kind, expires_at)
     SELECT s, u, 'bearer', now() + interval '1 day' FROM unnest($1::uuid[], $2::uuid[]) AS t(s, u)`,
    [sessions, ids],
  );
  const key = new TextEncoder().encode(process.env.AUTH_SECRET!);
  return Promise.all(
    ids.map(async (id, i) => ({
      id,
      token: await new SignJWT({ sid: sessions[i] })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(id)
        .setIssuer("kringwaar")
        .setAudience("kringwaar-api")
        .setIssuedAt()
        .setExpirationTime("1d")
        .sign(key),
    })),
  );
}

/** A busy machine starts a production instance slowly. */
const START_TIMEOUT_MS = 300_000;

/** Starts every instance; when one fails, stops those that started and throws. */
export async function startInstances(starts: Promise<Instance>[]): Promise<Instance[]> {
  const settled = await Promise.allSettled(starts);
  const up = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed) {
    await Promise.all(up.map((instance) => instance.stop()));
    throw failed.reason;
  }
  return up;
}

export type Instance = { name: string; port: number; url: string; pid: number; stop: () => Promise<void> };

/**
 * One production instance (scripts/server.ts in one node process, no tsx CLI fork) on
 * `port`, its output in a file of `logDir`. Resolves once /api/health answers 200.
 */
export async function startInstance(name: string, port: number, databaseUrl: string, logDir: string, extraEnv: Record<string, string> = {}): Promise<Instance> {
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(logDir, `${name}.log`);
  const fd = openSync(logFile, "a");
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "server.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      APP_URL: url,
      DATABASE_URL: databaseUrl,
      CRON_SECRET: "bench-cron-secret-kringwaar-0123456789",
      GEOCODER: "offline",
      ALLOW_TEST_PAYMENTS_IN_PRODUCTION: "true",
      ALLOW_TEST_SHIPPING_IN_PRODUCTION: "true",
      // The benchmark plays the proxy in front: each virtual visitor has an address of its
      // own (X-Forwarded-For), as the read gate's turns per client expect.
      TRUST_PROXY_HOPS: "1",
      ...extraEnv,
    },
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited (${child.exitCode}): see ${logFile}\n${readFileSync(logFile, "utf8").slice(-3000)}`);
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3_000) }).then((r) => r.status === 200, () => false);
    if (ok) break;
    if (Date.now() - started > START_TIMEOUT_MS) {
      child.kill("SIGKILL");
      throw new Error(`instance ${name} did not answer /api/health within ${START_TIMEOUT_MS / 1000} s (${logFile})`);
    }
    await sleep(500);
  }
  return {
    name,
    port,
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
        child.once("exit", () => {
          clearTimeout(force);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/** Resident memory (VmRSS) of a process and its descendants, in MB. */
export function rssMb(pid: number): number {
  let kb = 0;
  const visit = (p: number) => {
    const status = existsSync(`/proc/${p}/status`) ? readFileSync(`/proc/${p}/status`, "utf8") : "";
    kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    for (const task of existsSync(`/proc/${p}/task`) ? readdirSync(`/proc/${p}/task`) : []) {
      const file = `/proc/${p}/task/${task}/children`;
      const children = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
      for (const child of children ? children.split(/\s+/) : []) visit(Number(child));
    }
  };
  visit(pid);
  return kb / 1024;
}

/** A temporary folder for instance logs and uploads; removed by `cleanup` unless BENCH_KEEP=1. */
export function workDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => (process.env.BENCH_KEEP === "1" ? undefined : rmSync(dir, { recursive: true, force: true })) };
}

/** A keep-alive agent for many parallel requests to one instance. */
export const keepAliveAgent = (maxSockets: number) => new http.Agent({ keepAlive: true, maxSockets });

export type Answer = { status: number; body: string; ms: number };

/** One request over `agent`; network errors come back as status 0. */
export function request(
  agent: http.Agent,
  url: string,
  options: { method?: string; token?: string; body?: unknown; timeoutMs?: number; gzip?: boolean; from?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      url,
      {
        agent,
        method: options.method ?? "GET",
        headers: {
          accept: "application/json, text/html",
          ...(options.gzip === false ? {} : { "accept-encoding": "gzip" }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          // The client's address as a proxy in front would record it (the instances trust one hop).
          ...(options.from ? { "x-forwarded-for": options.from } : {}),
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
        },
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          let body: string;
          try {
            body = (res.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
          } catch {
            body = raw.toString("latin1");
          }
          resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started });
        });
        res.on("error", () => resolve({ status: 0, body: "", ms: performance.now() - started }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (error) => resolve({ status: 0, body: String(error), ms: performance.now() - started }));
    req.end(payload);
  });
}

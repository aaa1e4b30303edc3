/**
 * `npm run test:e2e`: the end-to-end tests (Playwright, Debian's Chromium) in parallel
 * groups, each against a server of its own.
 *
 * Each group has its own server: its own port (E2E_PORT + i), database and data folder
 * (.data/e2e-i). The groups take the spec files from one queue, longest first (by
 * `SECONDS` below, how long each took; a new spec counts as 30 s), one `playwright test`
 * per file against the group's server, with an output folder per file
 * (test-results/group-i/<spec>). A group that is done takes the next file, so groups end
 * within a spec of each other. Every line a group prints is prefixed with its number,
 * each file's result and seconds are printed when it ends; the exit code is non-zero
 * when any file failed. With one group (the default) every file runs in one `playwright
 * test`, in file order, one output folder (test-results/group-0): the specs then share
 * one database in that order, so a test must not assume the catalogue is its own.
 *
 * One group by default (E2E_GROUPS): measured on this two-core machine (six
 * specs on PostgreSQL), two groups side by side took 152 s and one group 144 s, each
 * spec twice as slow beside the other (Chromium, its GPU process and the two servers
 * contend for the same cores and memory), and the slower pages made timeouts likelier.
 * More groups pay only where there are more cores.
 *
 * The database: by default each group's server starts the embedded PGlite, as `npm
 * start` does on a laptop. With E2E_DATABASE_URL (a PostgreSQL server; CI sets it when
 * one answers) each group gets a fresh database of its own on that server instead,
 * `kringwaar_e2e_<port>`, dropped and created before the group starts, with the same demo
 * data. On PostgreSQL the tests run through the real server (its own processes, LISTEN/
 * NOTIFY between them) and much faster: PGlite answers one query at a time, inside the
 * app's own process, on the cores the browser and the app need.
 *
 * With arguments (`npm run test:e2e -- tests/e2e/browse-catalog.spec.ts -g cart`) it is plain
 * `playwright test` with those arguments, in one group. The tests run against the
 * end-to-end test build (`.next-e2e`, lib/platform/e2e-build.ts: the production build plus the
 * harness pages, the escrow job's moved clock and their CSP), never the production
 * `.next`; when it is missing or stale it is built first, once (CI has just built it).
 */
import { spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { distDirOf, E2E_BUILD_VAR } from "../lib/platform/e2e-build";
import { serverEnv } from "./e2e-server-env";
import { buildIsStale } from "./build-state";

const root = path.resolve(import.meta.dirname, "..");
const playwright = path.join(root, "node_modules", ".bin", "playwright");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const basePort = Number(process.env.E2E_PORT ?? 3100);

/** The environment of the test build (playwright.config.ts gives its servers the same). */
const testBuild = { ...process.env, [E2E_BUILD_VAR]: "1" };

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Seconds each spec file took in a full `.ci/run` on a clean clone (two groups
 * on PostgreSQL, each file beside the other group's): the order the queue hands them out
 * when there is more than one group.
 */
const SECONDS: Record<string, number> = {
  "a11y.spec.ts": 780,
  "reviews-wishlist.spec.ts": 311,
  "maps.spec.ts": 301,
  "shipping.spec.ts": 300,
  "support-admin.spec.ts": 264,
  "payments.spec.ts": 256,
  "browse-catalog.spec.ts": 245,
  "phone-buy-and-log-in-from-product.spec.ts": 217,
  "messaging.spec.ts": 188,
  "listing.spec.ts": 188,
  "phone-admin.spec.ts": 170,
  "security.spec.ts": 164,
  "phone-draft-cart-orders-deletion.spec.ts": 152,
  "trust.spec.ts": 150,
  "phone-chat.spec.ts": 145,
  "new-user.spec.ts": 128,
  "register-and-log-in.spec.ts": 124,
  "phone-tabs.spec.ts": 114,
  "account-settings.spec.ts": 111,
  "help.spec.ts": 104,
  "faults.spec.ts": 100,
  "phone-product.spec.ts": 91,
  "phone-browse.spec.ts": 87,
  "profile-photo.spec.ts": 81,
  "notifications.spec.ts": 74,
  "cache.spec.ts": 73,
  "mobile-menu.spec.ts": 47,
  "js-budget.spec.ts": 31,
  "api-paths.spec.ts": 8,
  "accounts-api.spec.ts": 5,
};
const UNKNOWN_SECONDS = 30;

/** The spec files, longest first (by SECONDS), the order the groups take them in. */
export function longestFirst(files: string[]): string[] {
  const seconds = (file: string) => SECONDS[path.basename(file)] ?? UNKNOWN_SECONDS;
  return [...files].sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b));
}

/** A fresh database for group `index` on E2E_DATABASE_URL's server, or none (PGlite). */
async function freshDatabase(index: number): Promise<Record<string, string>> {
  const server = process.env.E2E_DATABASE_URL;
  if (!server) return {};
  // Named by the group's port, which two runs at once on one machine cannot share either.
  const name = `kringwaar_e2e_${basePort + index}`;
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), SEED_DEMO_DATA: "true" };
}

/** Runs `playwright test <args>`, every line it prints prefixed; its exit code. */
function playwrightTest(args: string[], env: NodeJS.ProcessEnv, prefix: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(playwright, ["test", ...args], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    prefixLines(child, prefix);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function prefixLines(child: ChildProcess, prefix: string): void {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
    stream.on("end", () => rest && process.stdout.write(`${prefix}${rest}\n`));
  }
}

/** The environment of group `index`'s server and test runs. */
async function groupEnv(index: number): Promise<NodeJS.ProcessEnv> {
  return {
    ...process.env,
    ...(await freshDatabase(index)),
    E2E_PORT: String(basePort + index),
    E2E_DATA_DIR: `.data/e2e-${index}`,
  };
}

/** One group as one `playwright test` run, which starts the group's server (with arguments). */
async function runGroup(index: number, args: string[], prefix: string): Promise<number> {
  const env = await groupEnv(index);
  return playwrightTest(args, { ...env, E2E_OUTPUT_DIR: `test-results/group-${index}` }, prefix);
}

/** Starts group `index`'s server (as playwright.config.ts's webServer would) and waits for it. */
async function startServer(index: number, env: NodeJS.ProcessEnv, prefix: string): Promise<ChildProcess> {
  const port = basePort + index;
  const dataDir = env.E2E_DATA_DIR!;
  rmSync(path.join(root, dataDir), { recursive: true, force: true });
  const server = spawn(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/start.ts"], {
    cwd: root,
    env: { ...env, ...serverEnv(port, dataDir) },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: stopping it stops the Next.js server it starts.
    detached: true,
  });
  prefixLines(server, `${prefix}[server] `);
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`group ${index + 1}'s server exited (${server.exitCode})`);
    const up = await fetch(`http://localhost:${port}/api/health`).then((res) => res.ok, () => false);
    if (up) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`group ${index + 1}'s server did not answer within 10 minutes`);
}

function stopServer(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    server.on("exit", () => resolve());
    process.kill(-server.pid!, "SIGTERM");
    setTimeout(() => server.exitCode === null && process.kill(-server.pid!, "SIGKILL"), 10_000).unref();
  });
}

/**
 * Group `index`: its own server, then spec files taken one at a time from the shared
 * queue (longest first) until it is empty, each as its own `playwright test` against that
 * server; the only group (`alone`) runs them all in one `playwright test`. A group that
 * finishes early takes the next file rather than idling, so the groups end together
 * however wrong the estimates are. The names of the failed files.
 */
async function runQueue(index: number, queue: string[], prefix: string, alone: boolean): Promise<string[]> {
  const env = await groupEnv(index);
  const failed: string[] = [];
  const server = await startServer(index, env, prefix);
  try {
    if (alone) {
      // The only group: every file in one `playwright test` (one worker, one browser), not
      // one run a file: each run costs its own start (Node, the config and spec transforms,
      // a browser launch), about 2.5 s on CI's two cores, some 75 s over the suite.
      const files = queue.splice(0);
      const started = Date.now();
      const code = await playwrightTest(files, { ...env, E2E_SERVER: "running", E2E_OUTPUT_DIR: `test-results/group-${index}` }, prefix);
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`[e2e] group ${index + 1}: ${files.length} spec files ${code === 0 ? "passed" : "FAILED"} in ${seconds} s`);
      if (code !== 0) failed.push("see the failures listed above");
      return failed;
    }
    for (let file = queue.shift(); file; file = queue.shift()) {
      const started = Date.now();
      const name = path.basename(file);
      const code = await playwrightTest(
        [file],
        { ...env, E2E_SERVER: "running", E2E_OUTPUT_DIR: `test-results/group-${index}/${name.replace(/\.spec\.ts$/, "")}` },
        prefix,
      );
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`[e2e] group ${index + 1}: ${name} ${code === 0 ? "passed" : "FAILED"} in ${seconds} s`);
      if (code !== 0) failed.push(name);
    }
  } finally {
    await stopServer(server);
  }
  return failed;
}

async function main() {
  const extra = process.argv.slice(2);
  const distDir = distDirOf(testBuild);
  // The Prisma client once here too: each group's server checks it at start, and two
  // generators at once would collide (EEXIST).
  if ((await run(npm, ["run", "db:generate"], process.env)) !== 0) process.exit(1);
  if (buildIsStale(distDir)) {
    // Once here, not in each group's start script (two builds at once would collide).
    console.log(`[e2e] the test build (${distDir}) is missing or older than the sources: building it`);
    if ((await run(npm, ["run", "build"], testBuild)) !== 0) process.exit(1);
  }
  if (extra.length > 0) process.exit(await runGroup(0, extra, ""));

  const groups = Math.max(1, Number(process.env.E2E_GROUPS ?? 1));
  const files = readdirSync(path.join(root, "tests", "e2e"))
    .filter((name) => name.endsWith(".spec.ts"))
    // E2E_ONLY=a.spec.ts,b.spec.ts: only those files, still in groups.
    .filter((name) => !process.env.E2E_ONLY || process.env.E2E_ONLY.split(",").includes(name))
    .map((name) => `tests/e2e/${name}`);
  const queue = longestFirst(files);
  console.log(`[e2e] ${groups} group(s) take from: ${queue.map((file) => path.basename(file)).join(", ")}`);
  const results = await Promise.allSettled(Array.from({ length: groups }, (_, i) => runQueue(i, queue, `[${i + 1}] `, groups === 1)));
  let ok = true;
  results.forEach((result, i) => {
    if (result.status === "rejected") {
      ok = false;
      console.log(`[e2e] group ${i + 1}: ${String(result.reason)}`);
    } else if (result.value.length > 0) {
      ok = false;
      console.log(`[e2e] group ${i + 1}: failed: ${result.value.join(", ")}`);
    } else {
      console.log(`[e2e] group ${i + 1}: passed`);
    }
  });
  process.exit(ok ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  void main();
}

/**
 * `npm run test:e2e`: the end-to-end tests (Playwright, Debian's Chromium) in parallel
 * groups, each against a server of its own.
 *
 * One server and one browser leave a core of this two-core machine idle a third of the
 * time (the tests wait on pages, timers and the network), yet running two specs against
 * one server would mix them up: any change drops every cached page, and the per-address
 * limits count both. So the spec files are split into E2E_GROUPS groups (2 by default)
 * balanced by how long each took in CI (`SECONDS` below; a new spec counts as 30 s), and
 * each group runs as its own `playwright test` with its own port (E2E_PORT + i), its own
 * embedded database and data folder (.data/e2e-i) and its own output folder. Every line
 * a group prints is prefixed with its number; the exit code is non-zero when any group
 * failed.
 *
 * The database: by default each group's server starts the embedded PGlite, as `npm
 * start` does on a laptop. With E2E_DATABASE_URL (a PostgreSQL server; CI sets it when
 * one answers) each group gets a fresh database of its own on that server instead,
 * `kringwaar_e2e_<port>`, dropped and created before the group starts, with the same demo
 * data. On PostgreSQL the tests run through the real server (its own processes, LISTEN/
 * NOTIFY between them) and much faster: PGlite answers one query at a time, inside the
 * app's own process, on the cores the browser and the app need.
 *
 * With arguments (`npm run test:e2e -- tests/e2e/shop.spec.ts -g cart`) it is plain
 * `playwright test` with those arguments, in one group. The tests run against the
 * end-to-end test build (`.next-e2e`, lib/platform/e2e-build.ts: the production build plus the
 * harness pages, the escrow job's moved clock and their CSP), never the production
 * `.next`; when it is missing or stale it is built first, once (CI has just built it).
 */
import { spawn } from "node:child_process";
import pg from "pg";
import { readdirSync } from "node:fs";
import path from "node:path";
import { distDirOf, E2E_BUILD_VAR } from "../lib/platform/e2e-build";
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

/** Seconds each spec file took in a CI run on a two-core machine (2026-11-26), for balancing. */
const SECONDS: Record<string, number> = {
  // Two phone journeys and a lost parcel; measured on this machine under load (2026-11-27).
  "shipping.spec.ts": 300,
  "a11y.spec.ts": 198,
  // Issue 29's dead ends on a phone (items 1, 3, 4, 5): 117 s measured under load (2026-11-28).
  "phone-fixes-a.spec.ts": 120,
  "reviews-wishlist.spec.ts": 106,
  // Issue 29's dead ends 2, 6, 7, 8 on a phone; measured on this machine under load (2026-11-28).
  "phone-fixes-b.spec.ts": 200,
  // Issue 29 item 11, the product page on a phone (nl and en in one journey): measured under load (2026-11-28).
  "phone-product.spec.ts": 150,
  "payments.spec.ts": 64,
  "shop.spec.ts": 60,
  "maps.spec.ts": 57,
  "support-admin.spec.ts": 51,
  "messaging.spec.ts": 43,
  // Its own PostgreSQL and two app instances start before its tests.
  "faults.spec.ts": 40,
  "listing.spec.ts": 35,
  "security.spec.ts": 31,
  // With the tax tab journeys on a phone (nl, en): about 30 + 41 + 30 + 22 s under load (2026-11-28).
  "trust.spec.ts": 150,
  "new-user.spec.ts": 31,
  "cache.spec.ts": 25,
  "account-settings.spec.ts": 22,
  "account.spec.ts": 20,
  "help.spec.ts": 20,
  "profile-photo.spec.ts": 12,
  "notifications.spec.ts": 9,
  "mobile-menu.spec.ts": 8,
  "js-budget.spec.ts": 4,
  "api.spec.ts": 1,
  "api-paths.spec.ts": 1,
  // Issue 29's tab bar, nl and en (57 s on PostgreSQL with the machine busy).
  "phone-tabs.spec.ts": 60,
};
const UNKNOWN_SECONDS = 30;

/** Longest first onto the group with the least so far: within a few percent of the best split. */
export function balance(files: string[], groups: number): string[][] {
  const sized = files.map((file) => ({ file, seconds: SECONDS[path.basename(file)] ?? UNKNOWN_SECONDS }));
  sized.sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const bins = Array.from({ length: groups }, () => ({ files: [] as string[], seconds: 0 }));
  for (const { file, seconds } of sized) {
    const bin = bins.reduce((least, candidate) => (candidate.seconds < least.seconds ? candidate : least));
    bin.files.push(file);
    bin.seconds += seconds;
  }
  return bins.filter((bin) => bin.files.length > 0).map((bin) => bin.files.sort());
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

async function runGroup(index: number, args: string[], prefix: string): Promise<number> {
  const database = await freshDatabase(index);
  return new Promise((resolve) => {
    const child = spawn(playwright, ["test", ...args], {
      cwd: root,
      env: {
        ...process.env,
        ...database,
        E2E_PORT: String(basePort + index),
        E2E_DATA_DIR: `.data/e2e-${index}`,
        E2E_OUTPUT_DIR: `test-results/group-${index}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
      });
      stream.on("end", () => rest && process.stdout.write(`${prefix}${rest}\n`));
    }
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
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

  const groups = Math.max(1, Number(process.env.E2E_GROUPS ?? 2));
  const files = readdirSync(path.join(root, "tests", "e2e"))
    .filter((name) => name.endsWith(".spec.ts"))
    .map((name) => `tests/e2e/${name}`);
  const split = balance(files, groups);
  split.forEach((group, i) => console.log(`[e2e] group ${i + 1}: ${group.map((file) => path.basename(file)).join(", ")}`));
  const codes = await Promise.all(split.map((group, i) => runGroup(i, group, `[${i + 1}] `)));
  codes.forEach((code, i) => console.log(`[e2e] group ${i + 1}: ${code === 0 ? "passed" : `failed (exit ${code})`}`));
  process.exit(codes.every((code) => code === 0) ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  void main();
}

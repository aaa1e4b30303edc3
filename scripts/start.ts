/**
 * `npm start` (production build) and `npm run dev` (hot reload): starts the whole product.
 *
 * Without DATABASE_URL it runs the embedded default: PGlite under .data/pglite served on
 * loopback, a generated auth secret kept in .data/auth-secret, local image storage and
 * demo data on first run. With DATABASE_URL it uses that PostgreSQL. Either way it
 * applies the migrations, builds when the sources changed, and serves on PORT (3000)
 * through scripts/server.ts.
 *
 * With KRINGWAAR_E2E_BUILD=1 (the end-to-end tests, playwright.config.ts) it builds and
 * serves the test build in `.next-e2e` instead of `.next` (lib/platform/e2e-build.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../lib/platform/db/embedded";
import { distDirOf, E2E_BUILD_VAR } from "../lib/platform/e2e-build";
import { buildIsStale } from "./build-state";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const dataDir = path.resolve(root, process.env.DATA_DIR ?? ".data");
const children = new Set<ChildProcess>();
let embedded: EmbeddedPostgres | undefined;

function say(message: string) {
  console.log(`[kringwaar] ${message}`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
    children.add(child);
    child.on("exit", (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** The auth secret of this installation, made once and kept with the data. */
function localAuthSecret(): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  say(`generated a new auth secret in ${path.relative(root, file)}`);
  return secret;
}

async function shutdown(code: number) {
  for (const child of children) child.kill("SIGTERM");
  if (embedded) {
    await embedded.stop().catch(() => undefined);
    embedded = undefined;
  }
  process.exit(code);
}

async function main() {
  mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: dataDir,
    PORT: String(port),
  };
  if (!env.APP_URL) {
    env.APP_URL = `http://localhost:${port}`;
    // The same machine under its other names is the same site: a page opened on
    // 127.0.0.1 or [::1] may pay and post too (payment return URLs, the Origin check).
    env.ALLOWED_ORIGINS ??= [`http://127.0.0.1:${port}`, `http://[::1]:${port}`].join(",");
  }
  env.NEXTAUTH_URL ??= env.APP_URL;
  if (!env.AUTH_SECRET) env.AUTH_SECRET = localAuthSecret();

  if (!env.DATABASE_URL) {
    say(`no DATABASE_URL: starting the embedded database in ${path.relative(root, dataDir)}/pglite`);
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pglite") });
    env.DATABASE_URL = embedded.url;
    env.DATABASE_POOL_MAX = "1";
    env.SEED_DEMO_DATA ??= "true";
    // The embedded default is for trying the product: without Stripe settings it pays
    // through the test provider (no real money), which a production build otherwise refuses.
    if (!env.STRIPE_SECRET_KEY) env.ALLOW_TEST_PAYMENTS_IN_PRODUCTION ??= "true";
    // Likewise shipping: without MyParcel settings it ships through the test provider.
    if (!env.MYPARCEL_API_KEY) env.ALLOW_TEST_SHIPPING_IN_PRODUCTION ??= "true";
    // No scheduler here: this process runs the escrow job itself (see escrowTimer).
    env.CRON_SECRET ??= randomBytes(32).toString("base64url");
    runEscrowTimer = true;
  } else {
    // A named database is seeded only when asked for explicitly (SEED_DEMO_DATA=true):
    // demo data is for trying the product, never for a database that holds real users.
    env.SEED_DEMO_DATA ??= "false";
    if (env[E2E_BUILD_VAR] === "1") {
      // The end-to-end tests on PostgreSQL (scripts/e2e.ts with E2E_DATABASE_URL): the
      // test build, never a production deployment, gets what the embedded default has
      // (test payments and shipping, its own escrow timer, the published demo password).
      if (!env.STRIPE_SECRET_KEY) env.ALLOW_TEST_PAYMENTS_IN_PRODUCTION ??= "true";
      if (!env.MYPARCEL_API_KEY) env.ALLOW_TEST_SHIPPING_IN_PRODUCTION ??= "true";
      env.CRON_SECRET ??= randomBytes(32).toString("base64url");
      runEscrowTimer = true;
      testBuildOnPostgres = true;
    }
  }
  const embeddedDefault = Boolean(embedded);

  // Fail early, naming the variable, rather than on the first request.
  const { parseEnv } = await import("../lib/platform/env");
  const config = parseEnv(env);

  // A checkout updated since the last start may have a changed schema (a stale client
  // fails the build): scripts/db-generate.ts generates when the schema or Prisma changed,
  // and writes nothing otherwise, so servers starting side by side (the e2e groups)
  // never rewrite the client under each other.
  await run(bin("tsx"), [path.join(root, "scripts", "db-generate.ts")], env);
  // The /api method table proxy.ts answers 405 from (scripts/api-methods.ts).
  await run(bin("tsx"), [path.join(root, "scripts", "api-methods.ts")], env);
  say("applying database migrations");
  await run(bin("prisma"), ["migrate", "deploy"], env);

  let logins: { role: string; email: string; password: string }[] = [];
  if (config.SEED_DEMO_DATA) {
    // The seed runs in this process through lib/platform/env.ts: give it the same settings.
    for (const [key, value] of Object.entries(env)) if (value !== undefined) process.env[key] = value;
    const { seedDemoData, demoLogins } = await import("../prisma/seed");
    const { getDb, disconnectDb } = await import("../lib/platform/db/client");
    // The published demo password only on the embedded database of a laptop; a named
    // database gets a generated one, printed once below and stored nowhere.
    const password = embeddedDefault || testBuildOnPostgres ? undefined : randomBytes(12).toString("base64url");
    const result = await seedDemoData(getDb(), undefined, { password });
    say(result.seeded ? "seeded the demo data" : "the database already has users: not seeding");
    if (result.seeded) {
      logins = result.logins;
    } else if (embeddedDefault) {
      // Print the demo logins only where the demo accounts exist.
      const demoAccounts = await getDb().user.count({
        where: { email: { in: demoLogins().map((login) => login.email) } },
      });
      if (demoAccounts > 0) logins = demoLogins();
    }
    await disconnectDb();
  }

  // next.config.ts and scripts/server.ts read the same variable from `env`.
  const distDir = distDirOf(env);
  if (!dev && buildIsStale(distDir)) {
    const what = distDir === ".next" ? "the production app" : `the end-to-end test build (${distDir})`;
    say(`building ${what} (first start or changed sources; this takes a minute or two)`);
    await run(bin("next"), ["build"], { ...env, NODE_ENV: "production" });
    // Then what `npm run build` does after `next build` (the harness check), from the same script.
    await run(bin("tsx"), [path.join(root, "scripts", "after-build.ts"), distDir], env);
  }

  say(`starting on ${env.APP_URL}`);
  if (!env.SMTP_URL) say(`no SMTP_URL: e-mails are written as .eml files to ${path.relative(root, dataDir)}/mail`);
  if (logins.length > 0) {
    say("demo logins:");
    for (const login of logins) say(`  ${login.role.padEnd(16)} ${login.email}  /  ${login.password}`);
  }
  // Our own HTTP server around Next (scripts/server.ts): it takes the client address
  // from the socket, so a client cannot choose the address the rate limits count.
  const server = spawn(bin("tsx"), [path.join(root, "scripts", "server.ts"), ...(dev ? ["--dev"] : [])], {
    cwd: root,
    env: { ...env, NODE_ENV: dev ? "development" : "production" },
    stdio: "inherit",
  });
  children.add(server);
  server.on("exit", (code) => void shutdown(code ?? 0));
  if (runEscrowTimer) escrowTimer(env.CRON_SECRET!);
}

/**
 * The embedded default's scheduler (docs/payments.md): calls the escrow job's cron
 * route every minute, as Vercel Cron or crontab does in production (docs/payments.md),
 * so a local install expires checkouts, refunds and pays sellers.
 */
let runEscrowTimer = false;
let testBuildOnPostgres = false;
function escrowTimer(secret: string) {
  const url = `http://127.0.0.1:${port}/api/cron/release-payouts`;
  const timer = setInterval(() => {
    fetch(url, { method: "POST", headers: { authorization: `Bearer ${secret}` }, signal: AbortSignal.timeout(55_000) })
      .then((res) => {
        if (!res.ok) say(`escrow job answered ${res.status}`);
      })
      .catch(() => undefined); // the server may still be starting; the next minute retries
  }, 60_000);
  timer.unref();
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

main().catch(async (error: unknown) => {
  console.error(`[kringwaar] ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
});

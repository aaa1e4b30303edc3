/**
 * Real processes for the fault tests (tests/e2e/faults.spec.ts): a PostgreSQL server of
 * the test's own (initdb into a temporary folder, on a free port) that the test may stop
 * and start, and app instances of the end-to-end test build (scripts/server.ts, as
 * `npm start` runs it) that the test may kill.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");

/** A TCP port free right now on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Where PostgreSQL's server programs are: $PG_BIN, else Debian's newest /usr/lib/postgresql/N/bin. */
export function postgresBinaries(): string | null {
  const candidates = process.env.PG_BIN ? [process.env.PG_BIN] : [];
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debian, v, "bin")));
  }
  return candidates.find((dir) => existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl"))) ?? null;
}

export type OwnPostgres = {
  url: string;
  port: number;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  destroy: () => Promise<void>;
};

/**
 * A fresh PostgreSQL cluster in a temporary folder, trust authentication, on a free port
 * of 127.0.0.1. PostgreSQL refuses to run as root: as root it runs as the `postgres` user.
 */
/**
 * A temporary folder PostgreSQL may own, and `run(program, args)` for its server programs
 * in `bin`. PostgreSQL refuses to run as root: as root the folder is given to the
 * `postgres` user and the programs run as that user. Asynchronous, so that a test's load
 * keeps running while a server stops and starts.
 */
export function postgresWorkspace(bin: string, prefix: string): { dir: string; run: (program: string, args: string[]) => Promise<void> } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const ids = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gids = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    if (ids.status !== 0) throw new Error("running as root, and there is no `postgres` user to run PostgreSQL as");
    chownSync(dir, Number(ids.stdout.trim()), Number(gids.stdout.trim()));
  }
  const run = (program: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [command, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]] : [path.join(bin, program), args];
      const child = spawn(command, argv, { stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${program} ${args.join(" ")} failed (${code}): ${output}`))));
    });
  return { dir, run };
}

export async function startOwnPostgres(bin: string): Promise<OwnPostgres> {
  const { dir, run } = postgresWorkspace(bin, "kringwaar-faults-pg-");
  const data = path.join(dir, "data");
  const port = await freePort();
  await run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=60`;
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "-t", "30", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
  await start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: async () => {
      await stop().catch(() => undefined); // already stopped
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `prisma migrate deploy` against `url`, as scripts/start.ts runs it. */
export function migrate(url: string): void {
  const result = spawnSync(path.join(root, "node_modules", ".bin", "prisma"), ["migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`prisma migrate deploy failed: ${result.stderr || result.stdout}`);
}

export type AppInstance = {
  name: string;
  port: number;
  url: string;
  /** The process's output so far (for failure messages). */
  output: () => string;
  /** SIGKILL: no shutdown, no cleanup, connections cut mid-request. */
  kill: () => Promise<void>;
  /** Starts the process again on the same port and waits until it serves. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * One app instance: a build served by scripts/server.ts on its own port, with the given
 * settings (KRINGWAAR_E2E_BUILD=1: the test build `.next-e2e`, else the production
 * `.next`). Resolves once /api/health answers 200.
 */
export async function startApp(name: string, env: Record<string, string>): Promise<AppInstance> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let child: ChildProcess | null = null;
  let output = "";
  const launch = async () => {
    // One process (node with tsx's loader, not the tsx CLI, which forks): a SIGKILL
    // reaches the server itself.
    child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "server.ts")], {
      cwd: root,
      env: { ...process.env, ...env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", PORT: String(port), APP_URL: url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout!.on("data", keep);
    child.stderr!.on("data", keep);
    const started = Date.now();
    while (Date.now() - started < 90_000) {
      if (child.exitCode !== null) throw new Error(`app ${name} exited (${child.exitCode}):\n${output}`);
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3_000) }).catch(() => null);
      if (res?.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`app ${name} did not become healthy:\n${output}`);
  };
  const exited = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      const current = child as ChildProcess | null;
      if (!current || current.exitCode !== null || current.signalCode !== null) return resolve();
      current.once("exit", () => resolve());
      current.kill(signal);
    });
  await launch();
  return {
    name,
    port,
    url,
    output: () => output,
    kill: () => exited("SIGKILL"),
    restart: launch,
    stop: () => exited("SIGTERM"),
  };
}

/**
 * A PostgreSQL primary and a streaming replica of its own for the replica test: initdb
 * into a temporary folder, `pg_basebackup -R` for the standby, each on a free port of
 * 127.0.0.1, as tests/e2e/processes.ts starts PostgreSQL for the fault tests.
 */
import { spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, postgresBinaries } from "../e2e/processes";

export { postgresBinaries };

export type Cluster = { url: string; stop: () => Promise<void> };
export type Replication = { primary: Cluster; replica: Cluster; destroy: () => Promise<void> };

export async function startReplication(bin: string): Promise<Replication> {
  const dir = mkdtempSync(path.join(tmpdir(), "kringwaar-replica-pg-"));
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
  const cluster = async (name: string, port: number): Promise<Cluster> => {
    const data = path.join(dir, name);
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=40 -c wal_level=replica -c hot_standby_feedback=on`;
    await run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, `${name}.log`), "-w", "-t", "30", "start"]);
    let stopped = false;
    return {
      url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        await run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "-t", "30", "stop"]).catch(() => undefined);
      },
    };
  };
  const primaryPort = await freePort();
  await run("initdb", ["-D", path.join(dir, "primary"), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
  const primary = await cluster("primary", primaryPort);
  const replicaPort = await freePort();
  // -R writes standby.signal and primary_conninfo: the copy starts as a streaming standby.
  await run("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres", "-D", path.join(dir, "replica"), "-R", "-X", "stream", "--no-sync"]);
  const replica = await cluster("replica", replicaPort);
  return {
    primary,
    replica,
    destroy: async () => {
      await replica.stop();
      await primary.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether this machine can run the replica test (PostgreSQL's server programs, pg_basebackup). */
export function replicationAvailable(): string | null {
  const bin = postgresBinaries();
  return bin && existsSync(path.join(bin, "pg_basebackup")) ? bin : null;
}

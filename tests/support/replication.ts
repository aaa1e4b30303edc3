/**
 * A PostgreSQL primary and a streaming replica of its own for the replica test: initdb
 * into a temporary folder, `pg_basebackup -R` for the standby, each on a free port of
 * 127.0.0.1, as tests/e2e/processes.ts starts PostgreSQL for the fault tests.
 */
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { freePort, postgresBinaries, postgresWorkspace } from "../e2e/processes";

export { postgresBinaries };

export type Cluster = { url: string; stop: () => Promise<void> };
export type Replication = { primary: Cluster; replica: Cluster; destroy: () => Promise<void> };

export async function startReplication(bin: string): Promise<Replication> {
  const { dir, run } = postgresWorkspace(bin, "kringwaar-replica-pg-");
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

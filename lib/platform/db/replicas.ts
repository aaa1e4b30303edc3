/**
 * Reads that scale out on PostgreSQL's streaming replication (docs/scaling.md).
 *
 * `DATABASE_REPLICA_URLS` names hot standbys; `readDb(fn)` runs a read on one of them,
 * round robin, and on the primary when there is none to use:
 *  - a replica is used while its last check (at most a second old, run in the
 *    background) found it a standby no further behind than DATABASE_REPLICA_MAX_LAG_MS;
 *    one that does not answer, or lags, is skipped until a check finds it well again;
 *  - a read that fails on a replica is run again on the primary, and the replica waits
 *    for its next check: a replica dying under a request costs that request some
 *    milliseconds, not an error;
 *  - for a while after a change the catalogue shows (`noteCatalogWrite`, the page
 *    cache's drop), reads go to the primary: the page rendered right after a seller's
 *    edit is cached, and must not be rendered from a replica that has not replayed it.
 * Writes, transactions and reads of the caller's own data never come here: they use
 * `db`, the primary.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { env } from "@/lib/platform/env";
import { log } from "@/lib/platform/log";
import { db, queryRows, type Db, type Prisma } from "./client";
import { poolConfigFromUrl, SESSION_OPTIONS } from "./connection";
import { PrismaClient } from "./generated/client";

/** How old a replica's health may be before the next use checks it again. */
export const REPLICA_CHECK_MS = 1_000;
/** A replica that does not connect within this is down (the primary answers meanwhile). */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000;

/** The replica's lag in ms: 0 when it has replayed all it received, else since its last replayed commit. */
const LAG_SQL = `SELECT pg_is_in_recovery() AS standby,
  CASE WHEN NOT pg_is_in_recovery() THEN NULL
       WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
       ELSE coalesce(extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000, 1e9)
  END::float8 AS lag_ms`;

type Replica = {
  url: string;
  pool: pg.Pool;
  client: PrismaClient;
  usable: boolean;
  checkedAt: number;
  checking: Promise<void> | null;
};

const holder = globalThis as unknown as {
  __kringwaarReplicas?: { replicas: Replica[]; next: number; primaryUntil: number };
};

function state() {
  if (!holder.__kringwaarReplicas) {
    const { DATABASE_REPLICA_URLS, DATABASE_POOL_MAX, DATABASE_STATEMENT_TIMEOUT_MS } = env();
    const replicas = DATABASE_REPLICA_URLS.map((url): Replica => {
      const pool = new pg.Pool({
        ...poolConfigFromUrl(url),
        max: DATABASE_POOL_MAX,
        idleTimeoutMillis: 30_000,
        connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
        ...(DATABASE_STATEMENT_TIMEOUT_MS > 0 ? { statement_timeout: DATABASE_STATEMENT_TIMEOUT_MS } : {}),
        options: SESSION_OPTIONS,
      });
      pool.on("error", (error: Error & { code?: string }) =>
        log().warn({ code: error.code, error: error.message }, "replica connection lost (idle pool client)"),
      );
      return { url, pool, client: new PrismaClient({ adapter: new PrismaPg(pool) }), usable: false, checkedAt: 0, checking: null };
    });
    holder.__kringwaarReplicas = { replicas, next: 0, primaryUntil: 0 };
  }
  return holder.__kringwaarReplicas;
}

async function check(replica: Replica): Promise<void> {
  let usable = false;
  try {
    const { rows } = await replica.pool.query<{ standby: boolean; lag_ms: number | null }>(LAG_SQL);
    const row = rows[0];
    usable = row?.standby === true && row.lag_ms !== null && row.lag_ms <= env().DATABASE_REPLICA_MAX_LAG_MS;
  } catch (error) {
    if (replica.usable) log().warn({ error: (error as Error).message }, "replica unavailable: reading from the primary");
  }
  replica.usable = usable;
  replica.checkedAt = Date.now();
}

function refresh(replica: Replica): Promise<void> {
  if (!replica.checking && Date.now() - replica.checkedAt >= REPLICA_CHECK_MS) {
    replica.checking = check(replica).finally(() => {
      replica.checking = null;
    });
  }
  return replica.checking ?? Promise.resolve();
}

/** Checks every replica now (start-up, tests); later checks run by themselves. */
export async function checkReplicas(): Promise<{ url: string; usable: boolean }[]> {
  const { replicas } = state();
  for (const replica of replicas) replica.checkedAt = 0;
  await Promise.all(replicas.map(refresh));
  return replicas.map(({ url, usable }) => ({ url, usable }));
}

/** The next usable replica, round robin; null: read the primary. */
function pickReplica(): Replica | null {
  const current = state();
  const { replicas } = current;
  if (replicas.length === 0 || Date.now() < current.primaryUntil) return null;
  for (const replica of replicas) void refresh(replica);
  for (let i = 0; i < replicas.length; i++) {
    const index = (current.next + i) % replicas.length;
    if (replicas[index]!.usable) {
      current.next = (index + 1) % replicas.length;
      return replicas[index]!;
    }
  }
  return null;
}

/**
 * Runs a read on a replica, or on the primary (see above). `fn` must only read, and
 * should return "nothing found" rather than throw it: a failure on a replica is retried
 * on the primary and sets the replica aside until its next check.
 */
export async function readDb<T>(fn: (client: Db) => Promise<T>): Promise<T> {
  const replica = pickReplica();
  if (!replica) return fn(db);
  try {
    return await fn(replica.client);
  } catch (error) {
    log().warn({ error: (error as Error).message }, "read failed on a replica: retrying on the primary");
    replica.usable = false;
    replica.checkedAt = 0;
    return fn(db);
  }
}

/** A statement run on a pool, its rows as `pg` parses them. */
export type RowsQuery = <T>(sql: Prisma.Sql) => Promise<T[]>;

/**
 * readDb for statements run straight on the pools (queryRows: no Prisma engine), with the
 * same choice of replica and the same retry on the primary.
 */
export async function readRows<T>(fn: (query: RowsQuery) => Promise<T>): Promise<T> {
  const primary: RowsQuery = (sql) => queryRows(sql);
  const replica = pickReplica();
  if (!replica) return fn(primary);
  try {
    return await fn((sql) => queryRows(sql, replica.pool));
  } catch (error) {
    log().warn({ error: (error as Error).message }, "read failed on a replica: retrying on the primary");
    replica.usable = false;
    replica.checkedAt = 0;
    return fn(primary);
  }
}

/**
 * A change the catalogue shows was committed on this instance: reads use the primary
 * for longer than a replica may lag, so what is rendered (and cached) next includes it.
 */
export function noteCatalogWrite(): void {
  const current = state();
  if (current.replicas.length === 0) return;
  current.primaryUntil = Date.now() + env().DATABASE_REPLICA_MAX_LAG_MS + REPLICA_CHECK_MS;
}

/** Closes the replicas' pools (scripts and tests); the next read starts from the settings again. */
export async function disconnectReplicas(): Promise<void> {
  const current = holder.__kringwaarReplicas;
  holder.__kringwaarReplicas = undefined;
  if (!current) return;
  await Promise.all(current.replicas.map(async (replica) => {
    await replica.checking?.catch(() => undefined);
    await replica.client.$disconnect().catch(() => undefined);
    await replica.pool.end().catch(() => undefined);
  }));
}

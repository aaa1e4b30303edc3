import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { env } from "@/lib/platform/env";
import { log } from "@/lib/platform/log";
import { poolConfigFromUrl, SESSION_OPTIONS } from "./connection";
import { PrismaClient, Prisma } from "./generated/client";

export { Prisma };
export type Tx = Prisma.TransactionClient;
export type Db = PrismaClient;

/**
 * How long a query waits for a database connection (a new one, or a free one in the
 * pool) before it fails, which the route wrapper answers with 503 (lib/platform/api/route.ts).
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A transaction left open without a statement (a handler stuck between two queries) is
 * ended by PostgreSQL after this, so its row locks cannot outlive it for long. Longer
 * than the escrow transactions' own 20 s limit (lib/domains/orders/tx.ts).
 */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;

type NotificationHandler = (message: pg.Notification) => void;

// One client per process (Next's dev server reloads modules; keep it on globalThis).
const holder = globalThis as unknown as {
  __kringwaarDb?: PrismaClient;
  __kringwaarPool?: pg.Pool;
  __kringwaarPoolNotifications?: NotificationHandler;
};

/**
 * A pool whose transaction connections are given back when their connection breaks.
 *
 * Prisma's pg adapter gives a transaction's connection back only after its ROLLBACK (or
 * COMMIT) succeeded; on a connection the server ended (a restart) that statement fails,
 * so the connection stayed checked out for good and each restart cost the pool a slot
 * until the instance answered nothing but 503. Here a checked-out connection that
 * reports an error is released (and so destroyed) by us, and the adapter's own release
 * later does nothing. Only `connect()` without a callback is wrapped: that is the one
 * the adapter uses for transactions; `pool.query()` releases its connections itself.
 */
class SelfHealingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const onError = (error: Error) => {
        // After the current tick: whoever is awaiting a query on it sees the error first.
        setImmediate(() => client.release(error));
      };
      client.on("error", onError);
      client.release = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener("error", onError);
        release(error);
      };
      return client;
    });
  }
}

function createClient(): PrismaClient {
  const { DATABASE_URL, DATABASE_POOL_MAX, DATABASE_LOCK_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS } = env();
  const pool = new SelfHealingPool({
    ...poolConfigFromUrl(DATABASE_URL),
    max: DATABASE_POOL_MAX,
    idleTimeoutMillis: 30_000,
    // A database host that does not answer (rather than refusing) would otherwise hold
    // every request until the OS gives up.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Sent with each connection's start-up, so they hold for every statement without a
    // round trip. Without them a row lock held elsewhere (a console session, a stuck
    // transaction) made every request for that row wait as long as the lock, each one
    // holding a pool connection, until the pool was full and the whole instance stood
    // still; Prisma's transaction timeout does not cancel the waiting statement. The
    // errors they raise (55P03, 57014) answer 503 with Retry-After (lib/platform/api/route.ts).
    // The embedded PGlite ignores start-up settings; being one session, it never waits
    // for a lock anyway.
    ...(DATABASE_LOCK_TIMEOUT_MS > 0 ? { lock_timeout: DATABASE_LOCK_TIMEOUT_MS } : {}),
    ...(DATABASE_STATEMENT_TIMEOUT_MS > 0 ? { statement_timeout: DATABASE_STATEMENT_TIMEOUT_MS } : {}),
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    options: SESSION_OPTIONS,
  });
  // An idle connection that the server ends (a restart, "terminating connection due to
  // administrator command") is an 'error' event on the pool; unheard, it would end the
  // process. The pool drops that connection itself and opens a new one on the next
  // query, so the app recovers without a restart once the database is back.
  // (Only the message: the error carries the whole connection object.)
  pool.on("error", (error: Error & { code?: string }) =>
    log().warn({ code: error.code, error: error.message }, "database connection lost (idle pool client)"),
  );
  // The embedded PGlite is one session: a NOTIFY comes back on the connection whose
  // transaction committed, not on the listener's (lib/platform/events/hub.ts). Hand it over.
  pool.on("connect", (client) => client.on("notification", (message) => holder.__kringwaarPoolNotifications?.(message)));
  holder.__kringwaarPool = pool;
  return new PrismaClient({ adapter: new PrismaPg(pool) });
}

/**
 * Runs one statement on a pool (the primary's when none is given) straight through `pg`,
 * past Prisma's query engine: for the hottest reads only (the catalogue search), where
 * the engine's own work per statement cost more than the query (docs/performance.md).
 * Rows come as `pg` parses them: Date for timestamps, numbers for int4 and float8,
 * strings for int8 and numeric (cast in SQL where a number is wanted).
 */
export async function queryRows<T>(sql: Prisma.Sql, pool?: pg.Pool): Promise<T[]> {
  getDb();
  const target = pool ?? holder.__kringwaarPool!;
  return (await target.query(sql.text, sql.values)).rows as T[];
}

/** Receives NOTIFY messages that arrive on the application's own pool connections. */
export function onPoolNotification(handler: NotificationHandler): void {
  holder.__kringwaarPoolNotifications = handler;
}

export function getDb(): PrismaClient {
  holder.__kringwaarDb ??= createClient();
  return holder.__kringwaarDb;
}

/** Closes the pool (scripts and tests). */
export async function disconnectDb() {
  const client = holder.__kringwaarDb;
  const pool = holder.__kringwaarPool;
  holder.__kringwaarDb = undefined;
  holder.__kringwaarPool = undefined;
  await client?.$disconnect();
  await pool?.end().catch(() => undefined);
}

/**
 * The Prisma client, created on first use so that importing this module (e.g. while
 * `next build` collects routes) needs no configuration.
 */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const client = getDb();
    const value = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/** Runs `fn` in the given transaction, or in a new one when none is given. */
export function inTransaction<T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return tx ? fn(tx) : db.$transaction(fn);
}

import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { poolConfigFromUrl } from "./connection";
import { PrismaClient, Prisma } from "./generated/client";

export { Prisma };
export type Tx = Prisma.TransactionClient;
export type Db = PrismaClient;

/**
 * How long a query waits for a database connection (a new one, or a free one in the
 * pool) before it fails, which the route wrapper answers with 503 (lib/api/route.ts).
 */
export const CONNECT_TIMEOUT_MS = 10_000;

type NotificationHandler = (message: pg.Notification) => void;

// One client per process (Next's dev server reloads modules; keep it on globalThis).
const holder = globalThis as unknown as {
  __kringwaarDb?: PrismaClient;
  __kringwaarPool?: pg.Pool;
  __kringwaarPoolNotifications?: NotificationHandler;
};

function createClient(): PrismaClient {
  const { DATABASE_URL, DATABASE_POOL_MAX } = env();
  const pool = new pg.Pool({
    ...poolConfigFromUrl(DATABASE_URL),
    max: DATABASE_POOL_MAX,
    idleTimeoutMillis: 30_000,
    // A database host that does not answer (rather than refusing) would otherwise hold
    // every request until the OS gives up.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
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
  // transaction committed, not on the listener's (lib/events/hub.ts). Hand it over.
  pool.on("connect", (client) => client.on("notification", (message) => holder.__kringwaarPoolNotifications?.(message)));
  holder.__kringwaarPool = pool;
  return new PrismaClient({ adapter: new PrismaPg(pool) });
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

import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { env } from "@/lib/env";
import { poolConfigFromUrl } from "./connection";
import { PrismaClient, Prisma } from "./generated/client";

export { Prisma };
export type Tx = Prisma.TransactionClient;
export type Db = PrismaClient;

type NotificationHandler = (message: pg.Notification) => void;

// One client per process (Next's dev server reloads modules; keep it on globalThis).
const holder = globalThis as unknown as {
  __kringwaarDb?: PrismaClient;
  __kringwaarPool?: pg.Pool;
  __kringwaarPoolNotifications?: NotificationHandler;
};

function createClient(): PrismaClient {
  const { DATABASE_URL, DATABASE_POOL_MAX } = env();
  const pool = new pg.Pool({ ...poolConfigFromUrl(DATABASE_URL), max: DATABASE_POOL_MAX, idleTimeoutMillis: 30_000 });
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

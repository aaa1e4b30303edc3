import { PrismaPg } from "@prisma/adapter-pg";
import { env } from "@/lib/env";
import { poolConfigFromUrl } from "./connection";
import { PrismaClient, Prisma } from "./generated/client";

export { Prisma };
export type Tx = Prisma.TransactionClient;
export type Db = PrismaClient;

function createClient(): PrismaClient {
  const { DATABASE_URL, DATABASE_POOL_MAX } = env();
  const adapter = new PrismaPg({
    ...poolConfigFromUrl(DATABASE_URL),
    max: DATABASE_POOL_MAX,
    idleTimeoutMillis: 30_000,
  });
  return new PrismaClient({ adapter });
}

// One client per process (Next's dev server reloads modules; keep it on globalThis).
const holder = globalThis as unknown as { __kringwaarDb?: PrismaClient };

export function getDb(): PrismaClient {
  holder.__kringwaarDb ??= createClient();
  return holder.__kringwaarDb;
}

/** Closes the pool (scripts and tests). */
export async function disconnectDb() {
  const client = holder.__kringwaarDb;
  holder.__kringwaarDb = undefined;
  await client?.$disconnect();
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

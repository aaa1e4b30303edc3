/**
 * Next's cache handler (next.config.ts `cacheHandler`): where Next keeps what
 * `unstable_cache` caches, the public pages' data (lib/domains/catalog/page-data.ts).
 *
 * - With REDIS_URL: in Redis, through @fortedigital/nextjs-cache-handler's `redis-strings`
 *   handler, entries and the tag index alike. Every instance reads the same entries, and a
 *   `revalidateTag` on one (a sale, an edit, a ban) is seen by all of them on their next
 *   read (docs/operations.md, "Several instances").
 * - Without it: an in-memory LRU of this process (the same package's `local-lru`), as
 *   Next's own default keeps it: `npm start` needs no Redis.
 *
 * When Redis does not answer within 3 s of the first use the instance logs it and keeps its
 * cache in memory; when it goes away later, every read of the cache misses at once and the
 * pages are served from the database until it is back (the client reconnects by itself).
 * Both were tried with a Redis of its own stopped and started again.
 */
import { PHASE_PRODUCTION_BUILD } from "next/constants.js";
import { CacheHandler } from "@fortedigital/nextjs-cache-handler";
import createLruHandler from "@fortedigital/nextjs-cache-handler/local-lru";
import createRedisHandler from "@fortedigital/nextjs-cache-handler/redis-strings";
import { createClient } from "redis";

const STATE = Symbol.for("kringwaar.cacheHandler");
/** @type {{ config?: unknown; pending?: Promise<unknown>; warned?: boolean }} */
const state = (globalThis[STATE] ??= {});

const memory = () => ({ handlers: [createLruHandler({ maxItemsNumber: 10_000, maxItemSizeBytes: 64 * 1024 * 1024 })] });

async function configure() {
  const url = process.env.REDIS_URL;
  if (!url || process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return memory();
  const client = createClient({
    url,
    pingInterval: 10_000,
    // While Redis is away, commands fail at once instead of queueing: the page reads the
    // database rather than waiting.
    disableOfflineQueue: true,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(retries * 200, 2_000) },
  });
  client.on("error", (error) => {
    if (!state.warned) console.warn(`[kringwaar] Redis cache: ${error.message}`);
    state.warned = true;
  });
  client.on("ready", () => {
    state.warned = false;
  });
  // The client retries by itself for ever; the start waits for it at most START_WAIT_MS.
  const START_WAIT_MS = 3_000;
  let timer;
  const connected = await Promise.race([
    client.connect().then(
      () => true,
      () => false,
    ),
    new Promise((resolve) => (timer = setTimeout(() => resolve(false), START_WAIT_MS))),
  ]);
  clearTimeout(timer);
  if (!connected) {
    console.error(`[kringwaar] Redis cache unreachable at ${new URL(url).host} at start: this instance keeps its cache in memory`);
    client.destroy();
    return memory();
  }
  // Keys and the tag index under one prefix: one Redis can serve several sites.
  const prefix = process.env.REDIS_KEY_PREFIX ?? "kringwaar:";
  return {
    handlers: [
      createRedisHandler({
        client,
        // Entries are `<prefix><hash>`, the tag index `<prefix>tags` and `<prefix>tag-ttls`.
        keyPrefix: prefix,
        sharedTagsKey: "tags",
        sharedTagsTtlKey: "tag-ttls",
        timeoutMs: 1_000,
      }),
    ],
  };
}

CacheHandler.onCreation(() => {
  if (state.config) return state.config;
  state.pending ??= configure().then((config) => {
    state.config = config;
    state.pending = undefined;
    return config;
  });
  return state.pending;
});

export default CacheHandler;

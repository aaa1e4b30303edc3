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
 * When Redis does not answer at start the instance logs it and keeps its cache in memory;
 * when it goes away later, every read of the cache misses after at most 1 s and the pages
 * are served from the database until it is back (the client reconnects by itself).
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
  const client = createClient({ url, pingInterval: 10_000, socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(retries * 200, 2_000) } });
  client.on("error", (error) => {
    if (state.config && !state.warned) console.warn(`[kringwaar] Redis cache: ${error.message}`);
    state.warned = true;
  });
  client.on("ready", () => {
    state.warned = false;
  });
  try {
    await client.connect();
  } catch (error) {
    console.error(`[kringwaar] Redis cache unreachable at start (${error instanceof Error ? error.message : String(error)}): using this instance's memory`);
    await client.disconnect().catch(() => undefined);
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

/**
 * Uploads no listing took within a day are deleted (docs: "Upload ownership"); after a
 * run whose jobs did something (freed expired reservations, refunded, paid, expired
 * offers...), the public pages' cached data is revalidated, since those pages may show it.
 * A quiet run (most minutes) leaves the cache alone.
 */
import type { Job } from "@/lib/platform/jobs";
import { purgeUnusedUploads } from "./images";
import { dropCachedPages } from "./page-cache";

export const catalogJobs = [
  { name: "catalog.purge-unused-uploads", run: async (now) => ({ unused_uploads_deleted: await purgeUnusedUploads(now) }) },
  {
    name: "catalog.drop-cached-pages",
    phase: "deliver",
    run: async (_now, counts) => {
      if (Object.values(counts).some((count) => count > 0)) dropCachedPages();
    },
  },
] as const satisfies readonly Job[];

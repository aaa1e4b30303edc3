/**
 * Uploads no listing took within a day are deleted (docs: "Upload ownership"); after the
 * run, the cached public pages are dropped, since the other jobs free expired
 * reservations and settle sales that those pages show.
 */
import type { Job } from "@/lib/platform/jobs";
import { purgeUnusedUploads } from "./images";
import { dropCachedPages } from "./page-cache";

export const catalogJobs = [
  { name: "catalog.purge-unused-uploads", run: async (now) => ({ unused_uploads_deleted: await purgeUnusedUploads(now) }) },
  { name: "catalog.drop-cached-pages", phase: "deliver", run: async () => dropCachedPages() },
] as const satisfies readonly Job[];

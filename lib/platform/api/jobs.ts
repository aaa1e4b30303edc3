/** Expired rate-limit windows are deleted by the scheduled jobs. */
import type { Job } from "@/lib/platform/jobs";
import { purgeExpiredBuckets } from "./rate-limit";

export const rateLimitJobs = [
  { name: "rate-limits.purge", phase: "housekeeping", run: async () => void (await purgeExpiredBuckets()) },
] as const satisfies readonly Job[];

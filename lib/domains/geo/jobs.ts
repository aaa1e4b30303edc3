/** Expired geocoder answers are deleted. */
import type { Job } from "@/lib/platform/jobs";
import { purgeExpiredGeocodeCache } from "./cache";

export const geoJobs = [
  { name: "geo.purge-cache", phase: "housekeeping", run: async () => void (await purgeExpiredGeocodeCache()) },
] as const satisfies readonly Job[];

/** New listings that match a saved search are announced to its owner. */
import type { Job } from "@/lib/platform/jobs";
import { notifySavedSearchMatches } from "./matcher";

export const savedSearchesJobs = [
  { name: "saved-searches.notify", run: async (now) => ({ saved_search_notifications: await notifySavedSearchMatches(now) }) },
] as const satisfies readonly Job[];

/** Ended sessions and used or expired account tokens are deleted (real time, not a test's clock). */
import type { Job } from "@/lib/platform/jobs";
import { purgeEndedSessions } from "./auth/sessions";
import { purgeUsedAccountTokens } from "./password-reset";

export const accountsJobs = [
  { name: "accounts.purge-sessions", phase: "housekeeping", run: async () => void (await purgeEndedSessions()) },
  { name: "accounts.purge-tokens", phase: "housekeeping", run: async () => void (await purgeUsedAccountTokens()) },
] as const satisfies readonly Job[];

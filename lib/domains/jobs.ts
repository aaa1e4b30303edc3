/** The scheduled-jobs runner (lib/platform/jobs) with every domain's jobs registered. */
import "./register";
import { runJobs as runRegisteredJobs, type JobOutcome } from "@/lib/platform/jobs";
import type { jobs } from "./register";

type CountsOf<J> = J extends { run: (now: Date) => Promise<infer R> } ? (R extends Record<string, number> ? R : Record<never, never>) : Record<never, never>;
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The run's report: `now`, the counts each registered job returns (typed from the registry), how each job went. */
export type JobsReport = { now: string; jobs: Record<string, JobOutcome>; failed_jobs: number } & Intersection<CountsOf<(typeof jobs)[number]>>;

/** Runs every registered job once (lib/platform/jobs `runJobs`). */
export async function runJobs(now: Date = new Date()): Promise<JobsReport> {
  // The registry ran exactly these jobs, so their counts are all there.
  return (await runRegisteredJobs(now)) as unknown as JobsReport;
}

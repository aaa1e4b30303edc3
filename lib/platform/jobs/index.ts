/**
 * Scheduled work as a registry. Each domain declares its jobs (a `jobs.ts` beside its
 * services); lib/domains/register.ts registers them all; one runner runs them, called by
 * GET|POST /api/cron/run (and its older name /api/cron/release-payouts) and every minute
 * by the embedded default. The registry is the list: nothing here names a job.
 *
 * A job selects its rows and changes each one with a statement conditional on the state
 * it expects, so two runs at once (or one after a crash) do every effect once. Jobs run
 * one after another in three phases: `work` (the domains' steps, in the order they were
 * registered), `deliver` (sending what the work queued, e.g. this run's mails), and
 * `housekeeping` (purging expired rows; a failure there is logged, not thrown, so it
 * never hides the run's report).
 */
import { log } from "@/lib/platform/log";

export type JobPhase = "work" | "deliver" | "housekeeping";

export type Job = {
  /** `<domain>.<what>`, unique; shown in logs. */
  name: string;
  phase?: JobPhase;
  /** Counts for the run's report (each key once across all jobs), or nothing. */
  run: (now: Date) => Promise<Record<string, number> | void>;
};

/** `now` and every job's counts (lib/domains/jobs.ts types it from the registry). */
export type JobsReport = Record<string, string | number> & { now: string };

const PHASES: JobPhase[] = ["work", "deliver", "housekeeping"];
const registry: Job[] = [];

/** Adds jobs; registering a name again replaces nothing and is ignored (idempotent start-up). */
export function registerJobs(...jobs: Job[]): void {
  for (const job of jobs) {
    if (!registry.some((known) => known.name === job.name)) registry.push(job);
  }
}

export function registeredJobs(): readonly Job[] {
  return PHASES.flatMap((phase) => registry.filter((job) => (job.phase ?? "work") === phase));
}

/** Runs every registered job once, in phase order, and returns their counts. */
export async function runJobs(now: Date = new Date()): Promise<JobsReport> {
  const jobs = registeredJobs();
  if (jobs.length === 0) throw new Error("No jobs registered: import the runner from @/lib/domains/jobs");
  const report: JobsReport = { now: now.toISOString() };
  for (const job of jobs) {
    try {
      Object.assign(report, (await job.run(now)) ?? {});
    } catch (error) {
      if (job.phase !== "housekeeping") throw error;
      log().warn({ err: error, job: job.name }, "housekeeping failed");
    }
  }
  log().info(report, "scheduled jobs");
  return report;
}

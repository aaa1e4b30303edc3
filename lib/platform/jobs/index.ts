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
 * `housekeeping` (purging expired rows).
 *
 * Each job is isolated: one that throws is logged with its name and counted, and the
 * others of the run go on (a failing refund must not stop the payouts). The report says
 * per job whether it ran (`jobs`), and how many failed (`failed_jobs`); the errors
 * themselves stay on the server (`jobErrors`).
 */
import { log } from "@/lib/platform/log";

export type JobPhase = "work" | "deliver" | "housekeeping";

export type Job = {
  /** `<domain>.<what>`, unique; shown in logs. */
  name: string;
  phase?: JobPhase;
  /**
   * Counts for the run's report (each key once across all jobs), or nothing. `counts`:
   * what the jobs before it in the run reported (a `deliver` job may act only on a run
   * that did something).
   */
  run: (now: Date, counts: Readonly<Record<string, number>>) => Promise<Record<string, number> | void>;
};

/** How one job of a run went. */
export type JobOutcome = "ok" | "failed";

/**
 * `now`, every job's counts (lib/domains/jobs.ts types them from the registry), how each
 * job went and how many failed.
 */
export type JobsReport = Record<string, string | number | Record<string, JobOutcome>> & {
  now: string;
  jobs: Record<string, JobOutcome>;
  failed_jobs: number;
};

const ERRORS = Symbol("job errors");

/** The errors of a run's failed jobs, by job name (not in the report's JSON). */
export function jobErrors(report: JobsReport): { job: string; error: unknown }[] {
  return (report as { [ERRORS]?: { job: string; error: unknown }[] })[ERRORS] ?? [];
}

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
  const outcomes: Record<string, JobOutcome> = {};
  const errors: { job: string; error: unknown }[] = [];
  const counts: Record<string, number> = {};
  for (const job of jobs) {
    try {
      Object.assign(counts, (await job.run(now, { ...counts })) ?? {});
      outcomes[job.name] = "ok";
    } catch (error) {
      outcomes[job.name] = "failed";
      errors.push({ job: job.name, error });
      log().error({ err: error, job: job.name }, "scheduled job failed");
    }
  }
  const report: JobsReport = { now: now.toISOString(), ...counts, jobs: outcomes, failed_jobs: errors.length };
  Object.defineProperty(report, ERRORS, { value: errors, enumerable: false });
  if (errors.length > 0) log().warn(report, "scheduled jobs: some failed");
  else log().info(report, "scheduled jobs");
  return report;
}

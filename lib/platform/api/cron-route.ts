/**
 * The handler of the cron URLs (GET|POST with Authorization: Bearer $CRON_SECRET; Vercel
 * Cron sends GET, crontab and others may POST): runs the scheduled jobs once and answers
 * their report.
 */
import { timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";
import { isDatabaseBusy, isDatabaseOutage, json } from "./route";
import { E2E_BUILD } from "@/lib/platform/e2e-build";
import { env } from "@/lib/platform/env";
import { jobErrors, type JobsReport } from "@/lib/platform/jobs";
import { log } from "@/lib/platform/log";

function authorized(req: NextRequest): boolean {
  const secret = env().CRON_SECRET;
  const header = req.headers.get("authorization") ?? "";
  if (!secret || !header.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice("Bearer ".length));
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The jobs' clock: now, or (the end-to-end test build only, lib/platform/e2e-build.ts)
 * the `now` query parameter, so a test can run the jobs "3 days later".
 */
function clock(req: NextRequest): Date | null {
  const at = req.nextUrl.searchParams.get("now");
  if (!at) return new Date();
  if (!E2E_BUILD) return null;
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * 200 with the report when every job ran; when some failed (each is isolated: the others
 * ran), the same report with 503 and Retry-After when the database was away, else 500, so
 * a scheduler's log shows the run as failed.
 */
export function cronRoute(runJobs: (now: Date) => Promise<Pick<JobsReport, "now" | "failed_jobs" | "jobs">>) {
  return async function handle(req: NextRequest): Promise<Response> {
    if (!authorized(req)) return json({ detail: "Not authenticated", code: "unauthorized" }, 401);
    const now = clock(req);
    if (!now) return json({ detail: "now is only accepted in end-to-end test mode", code: "test_mode_only" }, 400);
    try {
      const report = await runJobs(now);
      if (report.failed_jobs === 0) return json(report);
      const errors = jobErrors(report as JobsReport).map(({ error }) => error);
      if (errors.some((error) => isDatabaseOutage(error) || isDatabaseBusy(error))) {
        return json({ detail: "Service temporarily unavailable", code: "unavailable", ...report }, 503, { "Retry-After": "60" });
      }
      return json({ detail: "Some scheduled jobs failed", code: "internal", ...report }, 500);
    } catch (error) {
      // Every step is its own transaction and safe to repeat: the next run picks up.
      if (isDatabaseOutage(error) || isDatabaseBusy(error)) {
        log().warn({ err: error }, "scheduled jobs: database unavailable");
        return json({ detail: "Service temporarily unavailable", code: "unavailable" }, 503, { "Retry-After": "60" });
      }
      log().error({ err: error }, "scheduled jobs failed");
      return json({ detail: "Escrow job failed", code: "internal" }, 500);
    }
  };
}

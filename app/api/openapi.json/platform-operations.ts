/**
 * The operations of the platform's own routes (health, the scheduled jobs, the unknown
 * path, this document), which belong to no domain.
 */
import { z } from "zod";
import type { OperationDoc, TaggedOperations } from "@/lib/platform/api/openapi";
import { healthJson } from "@/lib/platform/db/health";

const UNKNOWN_PATH = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
const CRON_SECURITY = [{ cron: [] }];

/** The run's report (lib/platform/jobs `runJobs`): its clock, how each job went, and each job's counts beside them. */
const jobsReportJson = z
  .object({
    now: z.string().describe("ISO 8601: the clock the jobs ran at"),
    jobs: z.record(z.string(), z.enum(["ok", "failed"])).describe("How each job went, by the job's name"),
    failed_jobs: z.number().int(),
  })
  .catchall(z.number().describe("A job's count: how many it released, expired, mailed, ..."));

const cron = (path: string): OperationDoc[] =>
  (["GET", "POST"] as const).map((method) => ({
    method,
    path,
    summary: "Run every scheduled job once (Authorization: Bearer CRON_SECRET)",
    auth: "public",
    security: CRON_SECURITY,
    response: jobsReportJson,
    // 400 test_mode_only: a moved clock (?now=) outside the end-to-end test build.
    errors: [400, 401, 503],
  }));

export const platformOperations: TaggedOperations = {
  tag: "platform",
  description: "Health, the scheduled jobs and this document",
  operations: [
    {
      method: "GET",
      path: "/api/health",
      summary: "Database reachability and the app's version (load balancers)",
      description: "503 when the database does not answer within 2 seconds: the error {detail, code: unavailable} with status degraded, version and database besides.",
      response: healthJson,
    },
    // The document itself: OpenAPI 3.1, not described again here.
    { method: "GET", path: "/api/openapi.json", summary: "This OpenAPI document (OpenAPI 3.1)" },
    ...cron("/api/cron/release-payouts"),
    ...cron("/api/cron/run"),
    ...UNKNOWN_PATH.map(
      (method): OperationDoc => ({
        method,
        path: "/api/{path}",
        summary: "Any path no route claims: a JSON 404 (unknown_path)",
        response: null,
        status: 404,
      }),
    ),
  ],
};

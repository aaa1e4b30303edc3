// One failing job no longer stops the others of the same run (lib/platform/jobs): a job
// that throws, registered before every domain's, is logged and counted; the jobs after
// it still do their work (here: deleting an upload no listing took within a day), and the
// cron route answers the report with every job's outcome and 500, so the scheduler sees
// the failure. Isolated: the throwing job lives only in this file's registry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerJobs } from "@/lib/platform/jobs";

registerJobs({
  name: "test.always-throws",
  run: async () => {
    throw new Error("the payment provider is down");
  },
});

const { POST: cronRun } = await import("@/app/api/cron/run/route");
const { db } = await import("@/lib/platform/db/client");
const { resetEnvCache } = await import("@/lib/platform/env");
const { call } = await import("../../support/http");

const CRON_SECRET = "cron-secret-for-the-isolation-test-0123456789";
const previousSecret = process.env.CRON_SECRET;

beforeAll(() => {
  process.env.CRON_SECRET = CRON_SECRET;
  resetEnvCache();
});

afterAll(() => {
  if (previousSecret === undefined) delete process.env.CRON_SECRET;
  else process.env.CRON_SECRET = previousSecret;
  resetEnvCache();
});

describe("a run with a throwing job", () => {
  it("runs every other job, reports each job's outcome and answers 500", async () => {
    const key = "products/2026/0a0a0a0a-0000-4000-8000-00000000abcd.webp";
    await db.uploadedImage.create({ data: { key, createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) } });

    const res = await call(cronRun, { method: "POST", path: "/api/cron/run", headers: { authorization: `Bearer ${CRON_SECRET}` } });
    expect(res.status).toBe(500);
    expect(res.body.detail).toBe("Some scheduled jobs failed");
    expect(res.body.failed_jobs).toBe(1);
    expect(res.body.jobs["test.always-throws"]).toBe("failed");
    // Every other job ran, before and after it in the run.
    const others = Object.entries(res.body.jobs as Record<string, string>).filter(([name]) => name !== "test.always-throws");
    expect(others.length).toBeGreaterThan(10);
    expect(others.every(([, outcome]) => outcome === "ok")).toBe(true);
    expect(res.body.unused_uploads_deleted).toBe(1);
    expect(await db.uploadedImage.findUnique({ where: { key } })).toBeNull();
    // The error stays on the server: the answer names the job, not what it said.
    expect(JSON.stringify(res.body)).not.toContain("payment provider");
  });
});

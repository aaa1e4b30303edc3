import { z } from "zod";
import { db } from "./client";

const databaseHealthJson = z.object({
  ok: z.boolean(),
  latency_ms: z.number().int().describe("How long the probe took"),
  error: z.string().optional().describe("Why not, when ok is false"),
});
export type DatabaseHealth = z.output<typeof databaseHealthJson>;

/** GET /api/health, 200: the database answers. */
export const healthJson = z.object({ status: z.literal("ok"), version: z.string().describe("The app's version"), database: databaseHealthJson });
export type HealthJson = z.output<typeof healthJson>;

/** GET /api/health, 503: the database does not answer; the error carries the same fields besides. */
export type HealthDegradedJson = { detail: string; code: "unavailable"; status: "degraded"; version: string; database: DatabaseHealth };

/** A health check answers within this, database or not (load balancers time out too). */
export const HEALTH_TIMEOUT_MS = 2_000;

/**
 * Whether the database answers, within HEALTH_TIMEOUT_MS, and how fast. The server's
 * version is not told to the public (it only helps someone looking for a known hole).
 */
export async function databaseHealth(timeoutMs = HEALTH_TIMEOUT_MS): Promise<DatabaseHealth> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("health check timed out")), timeoutMs);
  });
  const probe = db.$queryRaw`SELECT 1`;
  // The probe may still fail after the timeout won: that rejection is expected.
  probe.catch(() => undefined);
  try {
    await Promise.race([probe, timeout]);
    return { ok: true, latency_ms: Math.round(performance.now() - started) };
  } catch {
    return { ok: false, latency_ms: Math.round(performance.now() - started), error: "Database unreachable" };
  } finally {
    clearTimeout(timer);
  }
}

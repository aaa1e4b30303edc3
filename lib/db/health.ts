import { db } from "./client";

export type DatabaseHealth = { ok: boolean; latency_ms: number; error?: string };

/**
 * Whether the database answers and how fast. The server's version is not told to the
 * public (it only helps someone looking for a known hole).
 */
export async function databaseHealth(): Promise<DatabaseHealth> {
  const started = performance.now();
  try {
    await db.$queryRaw`SELECT 1`;
    return { ok: true, latency_ms: Math.round(performance.now() - started) };
  } catch {
    return { ok: false, latency_ms: Math.round(performance.now() - started), error: "Database unreachable" };
  }
}

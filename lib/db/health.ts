import { db } from "./client";

export type DatabaseHealth = { ok: boolean; latency_ms: number; server_version?: string; error?: string };

/** Whether the database answers, how fast, and which PostgreSQL it is. */
export async function databaseHealth(): Promise<DatabaseHealth> {
  const started = performance.now();
  try {
    const rows = await db.$queryRaw<{ server_version: string }[]>`SELECT current_setting('server_version') AS server_version`;
    return { ok: true, latency_ms: Math.round(performance.now() - started), server_version: rows[0]?.server_version };
  } catch {
    return { ok: false, latency_ms: Math.round(performance.now() - started), error: "Database unreachable" };
  }
}

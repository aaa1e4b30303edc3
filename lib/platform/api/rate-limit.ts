/**
 * Fixed-window rate limits kept in PostgreSQL, so every app instance shares them
 * (docs/operations.md: nothing in memory may be required for correctness).
 */
import { db } from "@/lib/platform/db/client";
import { AppError } from "./errors";

export type Limit = { key: string; max: number; windowSeconds: number };

type Row = { count: number; expires_at: Date };

/** Counts one hit and returns the count within the current window. */
export async function countHit(key: string, windowSeconds: number): Promise<Row> {
  const rows = await db.$queryRaw<Row[]>`
    INSERT INTO rate_limit_buckets (key, window_start, count, expires_at)
    VALUES (${key}, now(), 1, now() + make_interval(secs => ${windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_buckets.expires_at <= now() THEN 1
                   ELSE rate_limit_buckets.count + 1 END,
      window_start = CASE WHEN rate_limit_buckets.expires_at <= now() THEN now()
                          ELSE rate_limit_buckets.window_start END,
      expires_at = CASE WHEN rate_limit_buckets.expires_at <= now()
                        THEN now() + make_interval(secs => ${windowSeconds})
                        ELSE rate_limit_buckets.expires_at END
    RETURNING count, expires_at`;
  const row = rows[0];
  if (!row) throw new Error("rate limit upsert returned no row");
  return { count: Number(row.count), expires_at: row.expires_at };
}

/** Current count in the window without counting a hit. */
export async function peekHits(key: string): Promise<Row | null> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT count, expires_at FROM rate_limit_buckets WHERE key = ${key} AND expires_at > now()`;
  const row = rows[0];
  return row ? { count: Number(row.count), expires_at: row.expires_at } : null;
}

export async function clearHits(key: string): Promise<void> {
  await db.$executeRaw`DELETE FROM rate_limit_buckets WHERE key = ${key}`;
}

/** Takes back one counted hit (an attempt that turned out not to count) in the current window. */
export async function giveBackHit(key: string): Promise<void> {
  await db.$executeRaw`
    UPDATE rate_limit_buckets SET count = count - 1 WHERE key = ${key} AND count > 0 AND expires_at > now()`;
}

export function tooManyRequests(expiresAt: Date): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 1000));
  return new AppError("rate_limited", "Too many attempts. Please try again later.", {
    code: "rate_limited",
    retryAfterSeconds,
  });
}

/** Counts a hit for each limit and throws 429 when any is exceeded. */
export async function enforce(...limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const { count, expires_at } = await countHit(limit.key, limit.windowSeconds);
    if (count > limit.max) throw tooManyRequests(expires_at);
  }
}

/** Deletes expired buckets (maintenance; cheap thanks to the expires_at index). */
export async function purgeExpiredBuckets(): Promise<number> {
  return db.$executeRaw`DELETE FROM rate_limit_buckets WHERE expires_at <= now()`;
}

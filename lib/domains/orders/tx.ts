/**
 * Transactions for the escrow: retried when PostgreSQL aborts one to break a deadlock
 * or a serialization conflict (two checkouts and a webhook touching the same rows in a
 * different order). The whole function runs again, so it must only touch the database.
 */
import { db, type Tx } from "@/lib/platform/db/client";

const RETRIES = 3;

function retryable(error: unknown): boolean {
  const e = error as { code?: string; message?: string; meta?: { code?: string } } | null;
  if (!e) return false;
  if (e.code === "P2034" || e.code === "40P01" || e.code === "40001") return true;
  if (e.meta?.code === "40P01" || e.meta?.code === "40001") return true;
  return /deadlock detected|could not serialize access/i.test(e.message ?? "");
}

export async function escrowTx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.$transaction(fn, { timeout: 20_000, maxWait: 20_000 });
    } catch (error) {
      if (attempt >= RETRIES || !retryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}

/** Prisma's unique-constraint error on the given column(s). */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const e = error as { code?: string; meta?: { target?: unknown; driverAdapterError?: unknown }; message?: string } | null;
  if (e?.code !== "P2002") return false;
  if (!column) return true;
  return JSON.stringify(e.meta ?? {}).includes(column) || (e.message ?? "").includes(column);
}

/** PostgreSQL's lock_not_available (55P03): a NOWAIT lock was taken, or the lock timeout passed. */
export function isLockNotAvailable(error: unknown): boolean {
  const e = error as { code?: string; meta?: { code?: string; driverAdapterError?: { cause?: { originalCode?: string; code?: string } } } } | null;
  const cause = e?.meta?.driverAdapterError?.cause;
  return e?.code === "55P03" || e?.meta?.code === "55P03" || cause?.originalCode === "55P03" || cause?.code === "55P03";
}

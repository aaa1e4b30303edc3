// GET|POST /api/cron/release-payouts with Authorization: Bearer $CRON_SECRET: the escrow
// job (lib/orders/escrow-job.ts). Vercel Cron sends GET; crontab and others may POST.
import { timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";
import { isDatabaseBusy, isDatabaseOutage, json } from "@/lib/api/route";
import { dropCachedPages } from "@/lib/catalog/page-cache";
import { E2E_BUILD } from "@/lib/e2e-build";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { runEscrowJob } from "@/lib/orders/escrow-job";

function authorized(req: NextRequest): boolean {
  const secret = env().CRON_SECRET;
  const header = req.headers.get("authorization") ?? "";
  if (!secret || !header.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice("Bearer ".length));
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The job's clock: now, or (the end-to-end test build only, lib/e2e-build.ts) the `now`
 * query parameter, so a test can run the job "3 days later".
 */
function clock(req: NextRequest): Date | null {
  const at = req.nextUrl.searchParams.get("now");
  if (!at) return new Date();
  if (!E2E_BUILD) return null;
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? null : date;
}

async function handle(req: NextRequest): Promise<Response> {
  if (!authorized(req)) return json({ detail: "Not authenticated" }, 401);
  const now = clock(req);
  if (!now) return json({ detail: "now is only accepted in end-to-end test mode" }, 400);
  try {
    const result = await runEscrowJob(now);
    // The job frees expired reservations and settles sales the public pages show.
    dropCachedPages();
    return json(result);
  } catch (error) {
    // Every step is its own transaction and safe to repeat: the next run picks up.
    if (isDatabaseOutage(error) || isDatabaseBusy(error)) {
      log().warn({ err: error }, "escrow job: database unavailable");
      return json({ detail: "Service temporarily unavailable", code: "unavailable" }, 503, { "Retry-After": "60" });
    }
    log().error({ err: error }, "escrow job failed");
    return json({ detail: "Escrow job failed" }, 500);
  }
}

export const GET = handle;
export const POST = handle;
export const dynamic = "force-dynamic";

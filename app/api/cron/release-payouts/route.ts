// GET|POST /api/cron/release-payouts with Authorization: Bearer $CRON_SECRET: every
// scheduled job once (lib/platform/jobs). The name is the one schedulers already call;
// /api/cron/run is the same.
import { runJobs } from "@/lib/domains/jobs";
import { cronRoute } from "@/lib/platform/api/cron-route";

const handle = cronRoute(runJobs);

export const GET = handle;
export const POST = handle;
export const dynamic = "force-dynamic";

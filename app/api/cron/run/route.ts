// GET|POST /api/cron/run with Authorization: Bearer $CRON_SECRET: every scheduled job
// once (lib/platform/jobs); the same as /api/cron/release-payouts, under a neutral name.
import { runJobs } from "@/lib/domains/jobs";
import { cronRoute } from "@/lib/platform/api/cron-route";

const handle = cronRoute(runJobs);

export const GET = handle;
export const POST = handle;
export const dynamic = "force-dynamic";

// POST /api/reports {target_type, target_id, reason, details}: any signed-in user reports
// a listing, a user or a message (DSA art. 16; rate limited).
import { route } from "@/lib/domains/route";
import { createReportBody } from "@/lib/domains/reports";
import { createReport } from "@/lib/domains/reports";

export const POST = route({ auth: "user", body: createReportBody, status: 201, handler: ({ user, body }) => createReport(user, body) });

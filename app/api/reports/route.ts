// POST /api/reports {target_type, target_id, reason, details, good_faith, reporter_email?}:
// anyone reports a listing, a user or (signed in) a message (DSA art. 16; rate limited
// per user, and for visitors per e-mail address and network address).
import { route } from "@/lib/domains/route";
import { createReportBody } from "@/lib/domains/reports";
import { createReport } from "@/lib/domains/reports";

export const POST = route({
  auth: "public",
  body: createReportBody,
  status: 201,
  handler: ({ user, body, ip, req }) => createReport(user, body, { ip, locale: req.cookies.get("kringwaar_locale")?.value }),
});

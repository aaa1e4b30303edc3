// POST /api/admin/reports/{id}/decide {decision, note, category, facts, rule}: dismiss,
// remove the listing or ban the user (the last two with a statement of reasons); the
// reporter is told the outcome (admins only).
import { route } from "@/lib/domains/route";
import { idParams } from "@/lib/domains/orders";
import { decideReportBody } from "@/lib/domains/reports";
import { decideReport } from "@/lib/domains/reports";

export const POST = route({
  auth: "admin",
  params: idParams,
  body: decideReportBody,
  handler: ({ user, params, body }) => decideReport(user, params.id, body),
});

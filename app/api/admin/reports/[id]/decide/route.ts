// POST /api/admin/reports/{id}/decide {decision, note, category}: dismiss, remove the
// listing or ban the user; the reporter is told the outcome (admins only).
import { route } from "@/lib/api/route";
import { idParams } from "@/lib/orders/schemas";
import { decideReportBody } from "@/lib/reports/schemas";
import { decideReport } from "@/lib/reports/service";

export const POST = route({
  auth: "admin",
  params: idParams,
  body: decideReportBody,
  handler: ({ user, params, body }) => decideReport(user, params.id, body.decision, body.note, body.category),
});
